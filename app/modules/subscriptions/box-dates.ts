// When a subscription's boxes come (issue 21). The member picks a week of the month; a box's
// delivery week starts on the 1st, 8th, 15th or 22nd (New Zealand dates). A box can be changed
// until its cutoff, a number of days (the BOX_CUTOFF_DAYS setting, CUTOFF_DAYS by default) before
// its packing day, the day its delivery week starts; the renewal charges for it at that cutoff, so a
// paid period runs from one cutoff to the next. Server code passes settings().boxCutoffDays. Dates are plain YYYY-MM-DD strings so they
// never shift by a time zone on the way to a page or an e-mail.

export const DELIVERY_WEEKS = [1, 2, 3, 4] as const;
export type DeliveryWeek = (typeof DELIVERY_WEEKS)[number];

/** Days before a box's packing day when it is locked (and charged), unless the setting says otherwise. */
export const CUTOFF_DAYS = 5;

export const DELIVERY_WEEK_LABELS: Record<DeliveryWeek, string> = {
  1: "Week 1 (1st to 7th)",
  2: "Week 2 (8th to 14th)",
  3: "Week 3 (15th to 21st)",
  4: "Week 4 (22nd to 28th)",
};

const nzParts = new Intl.DateTimeFormat("en-NZ", {
  timeZone: "Pacific/Auckland",
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

function todayInNz(now: Date): { year: number; month: number; day: number } {
  const p = Object.fromEntries(nzParts.formatToParts(now).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day) };
}

const iso = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

const startDay = (week: DeliveryWeek) => (week - 1) * 7 + 1;

/** The first box's week start: the first one whose cutoff hasn't passed (New Zealand time). */
export function firstBoxDate(
  week: DeliveryWeek,
  now = new Date(),
  cutoffDays = CUTOFF_DAYS,
): string {
  const t = todayInNz(now);
  const today = Date.UTC(t.year, t.month - 1, t.day);
  for (let ahead = 0; ; ahead++) {
    const candidate = Date.UTC(t.year, t.month - 1 + ahead, startDay(week));
    if (candidate - cutoffDays * 86_400_000 >= today)
      return new Date(candidate).toISOString().slice(0, 10);
  }
}

/**
 * The delivery week that gives the soonest first box from now (issue 39: the default, so a charge
 * taken today doesn't wait for the latest box of the four).
 */
export function soonestWeek(now = new Date(), cutoffDays = CUTOFF_DAYS): DeliveryWeek {
  let best: DeliveryWeek = 1;
  for (const w of DELIVERY_WEEKS) {
    if (firstBoxDate(w, now, cutoffDays) < firstBoxDate(best, now, cutoffDays)) best = w;
  }
  return best;
}

/** The same week a month later. */
export function nextBoxDate(box: string, week: DeliveryWeek): string {
  const [y, m] = box.split("-").map(Number);
  return iso(y!, m! + 1, startDay(week));
}

/** A box's cutoff (and charge) moment: `cutoffDays` before its week, at midnight UTC. */
export function cutoffOf(box: string, cutoffDays = CUTOFF_DAYS): Date {
  return new Date(Date.parse(`${box}T00:00:00Z`) - cutoffDays * 86_400_000);
}

/** A date `days` later (or earlier): `addDays("2027-01-08", -1)` is "2027-01-07". */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Today's date in New Zealand, YYYY-MM-DD. */
export function nzToday(now = new Date()): string {
  const t = todayInNz(now);
  return iso(t.year, t.month, t.day);
}

// Made once: a formatter costs far more to make than to use, and a page formats dozens of dates.
const boxDateFormat = new Intl.DateTimeFormat("en-NZ", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "Tuesday 8 December 2026" */
export function formatBoxDate(box: string): string {
  return boxDateFormat.format(new Date(`${box}T00:00:00Z`)).replace(",", "");
}
