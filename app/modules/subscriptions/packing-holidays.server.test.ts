// Packing days against New Zealand's calendar: a national holiday on the packing day itself, with
// the working days either side to pack instead (weekends and Mondayised days skipped), and a
// region's anniversary day in the delivery week, for the regions the run goes to only.
import Holidays from "date-holidays";
import { expect, test } from "vitest";
import { addDays } from "./box-dates.ts";
import { packingDayHolidays, packingDayWarnings } from "./packing-holidays.server.ts";

test("Friday 1 January 2027 is New Year's Day: pack on the working day before or after", () => {
  const h = packingDayHolidays("2027-01-01", ["Otago"]);
  expect(h.onPackingDay).toEqual(["New Year's Day"]);
  // Saturday the 2nd is the day after New Year's, Monday the 4th its substitute: Tuesday the 5th.
  expect(h.packInstead).toEqual({ before: "2026-12-31", after: "2027-01-05" });
  expect(packingDayWarnings("2027-01-01", ["Otago"])[0]).toBe(
    "Friday 1 January 2027 is New Year's Day, a public holiday: couriers don't collect. Pack on Thursday 31 December 2026 or Tuesday 5 January 2027 instead.",
  );
});

test("an ordinary packing day raises nothing", () => {
  expect(packingDayWarnings("2027-03-08", ["Auckland", "Canterbury"])).toEqual([]);
  expect(packingDayHolidays("2027-03-08", ["Auckland"])).toEqual({
    onPackingDay: [],
    packInstead: null,
    inDeliveryWeek: [],
  });
});

test("Auckland's anniversary day in the delivery week is named for Auckland's boxes only", () => {
  // The run packed on 1 February 2027 is delivered that week; Auckland Anniversary is Monday 1st.
  const forAuckland = packingDayHolidays("2027-02-01", ["Auckland", "Otago"]).inDeliveryWeek;
  expect(forAuckland).toEqual([
    { region: "Auckland", day: "2027-02-01", name: expect.any(String) },
  ]);
  expect(packingDayHolidays("2027-02-01", ["Otago"]).inDeliveryWeek).toEqual([]);
  expect(packingDayWarnings("2027-02-01", ["Auckland"])).toEqual([
    expect.stringMatching(
      /^Monday 1 February 2027 is .+ in Auckland: boxes to Auckland may arrive a working day later\.$/,
    ),
  ]);
});

test("Waitangi Day on a Saturday: its Monday substitute is a holiday in every region's week", () => {
  // 6 February 2027 is a Saturday; Monday the 8th is the holiday. Packing on the 8th is warned.
  expect(packingDayHolidays("2027-02-08", []).onPackingDay).toEqual([
    "Waitangi Day (substitute day)",
  ]);
});

test("a year's holidays kept by day say what date-holidays says of each day, in every region", () => {
  const regions = ["Auckland", "Canterbury", "Otago", "Wellington", "Hawke's Bay"] as const;
  const codes: Record<(typeof regions)[number], string> = {
    Auckland: "AUK",
    Canterbury: "CAN",
    Otago: "OTA",
    Wellington: "WGN",
    "Hawke's Bay": "HKB",
  };
  const national = new Holidays("NZ");
  const asked = (calendar: Holidays, d: string) =>
    (calendar.isHoliday(d) || []).filter((h) => h.type === "public").map((h) => h.name);
  for (let d = "2026-12-20"; d <= "2028-01-10"; d = addDays(d, 1)) {
    expect(packingDayHolidays(d, []).onPackingDay, d).toEqual(asked(national, d));
  }
  for (const region of regions) {
    const calendar = new Holidays("NZ", codes[region]);
    for (let d = "2027-01-01"; d <= "2027-12-31"; d = addDays(d, 7)) {
      const expected = Array.from({ length: 7 }, (_, i) => addDays(d, i)).flatMap((day) => {
        const n = new Set(asked(national, day));
        return asked(calendar, day)
          .filter((name) => !n.has(name))
          .map((name) => ({ region, day, name }));
      });
      expect(packingDayHolidays(d, [region]).inDeliveryWeek, `${region} ${d}`).toEqual(expected);
    }
  }
});
