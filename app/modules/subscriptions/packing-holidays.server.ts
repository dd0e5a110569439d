// Packing days know New Zealand's public holidays. A box run is packed on the 1st, 8th, 15th or
// 22nd (box-dates.ts) whatever the weekday, so some fall on a national holiday (Friday 1 January
// 2027), when couriers don't collect, and a delivery week can hold a region's anniversary day,
// when boxes to that region arrive a working day later. The holidays come from `date-holidays`
// (national days with their Mondayised substitutes, and each province's anniversary day); the
// admin's packing page says which apply to a run and what to do.
import Holidays from "date-holidays";
import type { NzRegion } from "#app/lib/nz-regions.ts";
import { addDays, formatBoxDate } from "./box-dates.ts";

/** Our 16 regions as date-holidays names New Zealand's provinces (ISO 3166-2:NZ). */
const PROVINCE: Record<NzRegion, string> = {
  Auckland: "AUK",
  "Bay of Plenty": "BOP",
  Canterbury: "CAN",
  Gisborne: "GIS",
  "Hawke's Bay": "HKB",
  "Manawatu-Wanganui": "MWT",
  Marlborough: "MBH",
  Nelson: "NSN",
  Northland: "NTL",
  Otago: "OTA",
  Southland: "STL",
  Taranaki: "TKI",
  Tasman: "TAS",
  Waikato: "WKO",
  Wellington: "WGN",
  "West Coast": "WTC",
};

const national = new Holidays("NZ");
const byProvince = new Map<string, Holidays>();
const provinceCalendar = (region: NzRegion) => {
  const code = PROVINCE[region];
  let calendar = byProvince.get(code);
  if (!calendar) byProvince.set(code, (calendar = new Holidays("NZ", code)));
  return calendar;
};

/**
 * A calendar's public holidays for a year, by day (YYYY-MM-DD). date-holidays works each one out
 * through moment-timezone, about a millisecond a look-up: the forecast asks for 12 packing days'
 * delivery weeks in every region (over a thousand look-ups, 4 s of its 4.6 s), so each calendar's
 * year is worked out once with getHolidays and kept (holidays don't move while a process runs).
 */
const yearsKept = new Map<Holidays, Map<number, Map<string, string[]>>>();
function holidaysOfYear(calendar: Holidays, year: number): Map<string, string[]> {
  let years = yearsKept.get(calendar);
  if (!years) yearsKept.set(calendar, (years = new Map()));
  let days = years.get(year);
  if (!days) {
    days = new Map();
    for (const h of calendar.getHolidays(year)) {
      if (h.type !== "public") continue;
      // `date` is the holiday's local day and time ("2027-01-01 00:00:00"): New Zealand's public
      // holidays are each one day.
      const day = h.date.slice(0, 10);
      days.set(day, [...(days.get(day) ?? []), h.name]);
    }
    years.set(year, days);
  }
  return days;
}

/** The public holidays on a day (YYYY-MM-DD): their names, none when it is a working day. */
function publicHolidays(calendar: Holidays, day: string): string[] {
  return holidaysOfYear(calendar, Number(day.slice(0, 4))).get(day) ?? [];
}

const isWorkingDay = (day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && publicHolidays(national, day).length === 0;
};

function nearestWorkingDay(day: string, step: 1 | -1): string {
  let d = addDays(day, step);
  while (!isWorkingDay(d)) d = addDays(d, step);
  return d;
}

export interface PackingDayHolidays {
  /** The national public holidays on the packing day itself. */
  onPackingDay: string[];
  /** When it is one: the working days either side, to pack instead. */
  packInstead: { before: string; after: string } | null;
  /** Anniversary and other regional holidays in the delivery week, for regions in the run. */
  inDeliveryWeek: { region: NzRegion; day: string; name: string }[];
}

/** What New Zealand's calendar means for packing on `day` and delivering to `regions`. */
export function packingDayHolidays(day: string, regions: readonly NzRegion[]): PackingDayHolidays {
  const onPackingDay = publicHolidays(national, day);
  const week = Array.from({ length: 7 }, (_, i) => addDays(day, i));
  const inDeliveryWeek = [...new Set(regions)].sort().flatMap((region) =>
    week.flatMap((d) => {
      const nationalNames = new Set(publicHolidays(national, d));
      return publicHolidays(provinceCalendar(region), d)
        .filter((name) => !nationalNames.has(name))
        .map((name) => ({ region, day: d, name }));
    }),
  );
  return {
    onPackingDay,
    packInstead: onPackingDay.length
      ? { before: nearestWorkingDay(day, -1), after: nearestWorkingDay(day, 1) }
      : null,
    inDeliveryWeek,
  };
}

/** The admin's warnings for a packing day, in words; none on an ordinary working day. */
export function packingDayWarnings(day: string, regions: readonly NzRegion[]): string[] {
  const h = packingDayHolidays(day, regions);
  const warnings: string[] = [];
  if (h.packInstead)
    warnings.push(
      `${formatBoxDate(day)} is ${h.onPackingDay.join(" and ")}, a public holiday: couriers don't collect. Pack on ${formatBoxDate(h.packInstead.before)} or ${formatBoxDate(h.packInstead.after)} instead.`,
    );
  for (const r of h.inDeliveryWeek)
    warnings.push(
      `${formatBoxDate(r.day)} is ${r.name} in ${r.region}: boxes to ${r.region} may arrive a working day later.`,
    );
  return warnings;
}
