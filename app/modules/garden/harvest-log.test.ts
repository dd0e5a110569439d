// The harvest log's pure rules: the form's checks (library plant, no future day, two years back,
// grams, note), the July-to-June season and the summary by plant.
import { describe, expect, test } from "vitest";
import { UNUSABLE_TEXT } from "#app/lib/zod.ts";
import {
  growingSeason,
  HARVEST_MESSAGES,
  harvestFormSchema,
  seasonSummary,
  summaryWords,
  type HarvestEntry,
} from "./harvest-log.ts";

const schema = harvestFormSchema(new Set(["tomato", "radish"]), "2026-11-26");
const form = { plantId: "tomato", pickedOn: "2026-11-26", amount: "handful", grams: "", note: "" };
const firstError = (raw: unknown) => {
  const r = schema.safeParse(raw);
  return r.success
    ? null
    : { path: r.error.issues[0]!.path[0], message: r.error.issues[0]!.message };
};

describe("harvestFormSchema", () => {
  test("accepts today and a handful, keeping no empty note", () => {
    expect(schema.parse(form)).toEqual({
      plantId: "tomato",
      pickedOn: "2026-11-26",
      amount: "handful",
      grams: null,
      note: null,
    });
  });
  test("weighs in whole grams", () => {
    expect(schema.parse({ ...form, amount: "grams", grams: " 450 " }).grams).toBe(450);
    for (const grams of ["", "0", "4.5", "-3", "100001", "abc"])
      expect(firstError({ ...form, amount: "grams", grams })).toEqual({
        path: "grams",
        message: HARVEST_MESSAGES.grams,
      });
  });
  test("refuses a plant not in the library, a future day and one over two years back", () => {
    expect(firstError({ ...form, plantId: "triffid" })?.message).toBe(HARVEST_MESSAGES.plant);
    expect(firstError({ ...form, pickedOn: "2026-11-27" })?.message).toBe(HARVEST_MESSAGES.future);
    expect(firstError({ ...form, pickedOn: "2024-11-25" })?.message).toBe(HARVEST_MESSAGES.tooOld);
    expect(schema.safeParse({ ...form, pickedOn: "2024-11-26" }).success).toBe(true);
    expect(firstError({ ...form, pickedOn: "26/11/2026" })?.message).toBe(HARVEST_MESSAGES.date);
    expect(firstError({ ...form, amount: "tonne" })?.message).toBe(HARVEST_MESSAGES.amount);
  });
  test("a note: at most 500 characters, no control characters, lines kept", () => {
    expect(firstError({ ...form, note: "x".repeat(501) })?.message).toBe(HARVEST_MESSAGES.note);
    expect(firstError({ ...form, note: "sweet\u0007" })?.message).toBe(UNUSABLE_TEXT);
    expect(firstError({ ...form, note: "a\u202Eb" })?.message).toBe(UNUSABLE_TEXT);
    expect(schema.parse({ ...form, note: " first\r\nsecond " }).note).toBe("first\nsecond");
  });
});

describe("the season", () => {
  test("runs July to June", () => {
    expect(growingSeason("2026-11-26")).toEqual({
      start: "2026-07-01",
      end: "2027-06-30",
      name: "2026–27",
    });
    expect(growingSeason("2027-06-30").start).toBe("2026-07-01");
    expect(growingSeason("2026-06-30").name).toBe("2025–26");
  });

  const entry = (
    plantId: string,
    pickedOn: string,
    amount: HarvestEntry["amount"],
    grams?: number,
  ) =>
    ({
      id: `${plantId}${pickedOn}${amount}`,
      plantId,
      pickedOn,
      amount,
      grams: grams ?? null,
      note: null,
    }) satisfies HarvestEntry;

  test("sums each plant's pickings in the season, most picked first", () => {
    const summary = seasonSummary(
      [
        entry("tomato", "2027-01-10", "handful"),
        entry("tomato", "2027-01-12", "handful"),
        entry("tomato", "2027-01-20", "grams", 450),
        entry("tomato", "2027-02-01", "basket"),
        entry("radish", "2026-07-01", "few"),
        entry("radish", "2026-06-30", "bowlful"), // last season
        entry("radish", "2027-07-01", "bowlful"), // next season
      ],
      "2027-02-02",
    );
    expect(summary.season.name).toBe("2026–27");
    expect(summary.plants).toEqual([
      {
        plantId: "tomato",
        pickings: 4,
        counts: { few: 0, handful: 2, bowlful: 0, basket: 1 },
        grams: 450,
      },
      {
        plantId: "radish",
        pickings: 1,
        counts: { few: 1, handful: 0, bowlful: 0, basket: 0 },
        grams: 0,
      },
    ]);
    expect(summaryWords(summary.plants[0]!)).toBe("2 handfuls, a basket and 450 g");
    expect(summaryWords(summary.plants[1]!)).toBe("a few");
    expect(seasonSummary([], "2027-02-02").plants).toEqual([]);
  });
});
