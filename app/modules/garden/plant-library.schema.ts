// The shape of a plant in the library (content/plants/*.json, issue 23): what the garden editor,
// its warnings and the planting schedule read. Each fact a file states must name a source that
// supports it, so a reviewer can trace every month, spacing and companion to a published guide.
import { z } from "#app/lib/zod.ts";

export const CLIMATE_ZONE_IDS = ["warm-north", "temperate", "cool-south"] as const;

/** The facts a plant file states, each of which some source must support. */
export const PLANT_FACTS = [
  "family",
  "perSquare",
  "frost",
  "minSoilTempC",
  "daysToHarvest",
  "months",
  "companions",
  "avoidNear",
  "howTo",
] as const;

const text = z.string().trim().min(1);
const plantId = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lower-case slug");
const monthList = z
  .array(z.number().int().min(1).max(12))
  .refine(
    (ms) => ms.every((m, i) => i === 0 || m > ms[i - 1]!),
    "must be months in order, once each",
  );

const windows = z.object({
  sowIndoors: monthList,
  sowDirect: monthList,
  transplant: monthList,
});

export const plantSchema = z
  .object({
    id: plantId,
    /** The name as plans, layouts and boxes write it, e.g. "Cherry tomato 'Sweet 100'". */
    name: text,
    /** How guides write it in prose, lower case: "tomatoes", "spring onions". */
    otherNames: z.array(text),
    /** For rotation: crops of one family share pests and diseases. */
    family: z.object({ botanical: text, common: text }),
    /** How many fit in a square of about 30 cm. */
    perSquare: z.number().int().min(1).max(16),
    /** Grown in a pot or a bed beside the box, not in it (mint, rhubarb, asparagus, rosemary). */
    besideTheBox: z.literal(true).optional(),
    frost: z.enum(["tender", "hardy"]),
    minSoilTempC: z.number().min(0).max(25),
    daysToHarvest: z
      .object({ min: z.number().int().min(1), max: z.number().int().min(1) })
      .refine((d) => d.min <= d.max, "min must not be more than max"),
    months: z.object({
      "warm-north": windows,
      temperate: windows,
      "cool-south": windows,
    }),
    companions: z.array(plantId),
    avoidNear: z.array(plantId),
    howTo: text.max(600),
    sources: z
      .array(
        z.object({
          name: text,
          url: z.url({ protocol: /^https$/ }),
          supports: z.array(z.enum(PLANT_FACTS)).min(1),
        }),
      )
      .min(1),
  })
  .superRefine((plant, ctx) => {
    const supported = new Set(plant.sources.flatMap((s) => s.supports));
    for (const fact of PLANT_FACTS) {
      if (!supported.has(fact)) {
        ctx.addIssue({ code: "custom", path: ["sources"], message: `no source supports ${fact}` });
      }
    }
    for (const other of plant.companions) {
      if (plant.avoidNear.includes(other)) {
        ctx.addIssue({
          code: "custom",
          path: ["avoidNear"],
          message: `${other} is both a companion and to avoid`,
        });
      }
    }
  });

export type Plant = z.infer<typeof plantSchema>;
export type ClimateZoneKey = (typeof CLIMATE_ZONE_IDS)[number];
