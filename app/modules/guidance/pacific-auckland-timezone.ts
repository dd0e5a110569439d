// A VTIMEZONE for New Zealand, written out so calendar apps place our Saturday-morning events at
// 9 am NZ time whichever zone the phone is in. Rules in force since 2007: NZST +12:00; NZDT +13:00
// from the last Sunday of September at 02:00 to the first Sunday of April at 03:00.
export const PACIFIC_AUCKLAND = "Pacific/Auckland";

const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${PACIFIC_AUCKLAND}`,
  `X-LIC-LOCATION:${PACIFIC_AUCKLAND}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+1200",
  "TZOFFSETTO:+1300",
  "TZNAME:NZDT",
  // 27 September 1970 was the last Sunday of September: the first instance must match the rule.
  "DTSTART:19700927T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=9;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+1300",
  "TZOFFSETTO:+1200",
  "TZNAME:NZST",
  // 5 April 1970 was the first Sunday of April.
  "DTSTART:19700405T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

/** ical-generator's timezone generator: our VTIMEZONE for Pacific/Auckland, nothing for others. */
export function vtimezoneFor(tzid: string): string | null {
  return tzid === PACIFIC_AUCKLAND ? VTIMEZONE : null;
}
