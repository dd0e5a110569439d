// Instants for New Zealand wall-clock times: "midnight on Monday" for the admin's weekly figures,
// "8 am on the day the buyer chose" for a gift's e-mail, whether NZST (+12) or NZDT (+13) applies.

const offsetParts = new Intl.DateTimeFormat("en-NZ", {
  timeZone: "Pacific/Auckland",
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
});

/** What New Zealand's clocks show at an instant (month 1-12, hour 0-23). */
export function nzClock(at: Date | number): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
} {
  const p = Object.fromEntries(offsetParts.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute! };
}

/** How far New Zealand's clock is ahead of UTC at an instant, in milliseconds. */
function nzOffset(at: number): number {
  const p = nzClock(at);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(at / 60_000) * 60_000;
}

/** The instant New Zealand's clocks show this date and hour (month 1-12). */
export function nzWallClock(
  { year, month, day }: { year: number; month: number; day: number },
  hour = 0,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  let at = wall - nzOffset(wall);
  // The offset at the guess may differ from the offset at the time itself (a DST change between).
  at = wall - nzOffset(at);
  return new Date(at);
}

// A moment as people in New Zealand read it (the admin pages' "placed", "date" and "changed at").
export function nzDateTime(at: Date | string): string {
  return new Date(at).toLocaleString("en-NZ", { timeZone: "Pacific/Auckland" });
}

const dayAndTime = new Intl.DateTimeFormat("en-NZ", {
  timeZone: "Pacific/Auckland",
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "numeric",
  minute: "2-digit",
});

/** A deadline as the member reads it, in New Zealand time: "Tuesday, 1 December at 5:00 pm". */
export function nzDayAndTime(at: Date | string): string {
  return dayAndTime.format(new Date(at));
}

/** The same moment's pieces (weekday, day, month, hour, minute, dayPeriod), to set out otherwise. */
export function nzDayAndTimeParts(
  at: Date | string,
): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  return Object.fromEntries(dayAndTime.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
}
