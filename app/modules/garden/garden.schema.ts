// A garden plan as the editor keeps it and the server saves it (issue 23): the box size, and the
// plant ids in each 30 cm square. Shared by the browser (local copy) and the save action.
import { z } from "#app/lib/zod.ts";
import { MAX_PLANTS_PER_SQUARE } from "./garden-rules.ts";

/** The grid of each box, as the example layouts draw it: columns west to east, rows north to south. */
export const BOX_GRIDS = {
  "0.5m2": { size: "0.5 m²", columns: 3, rows: 2 },
  "1m2": { size: "1 m²", columns: 3, rows: 3 },
  "2m2": { size: "2 m²", columns: 6, rows: 3 },
} as const;

export type BoxSize = keyof typeof BOX_GRIDS;
export const BOX_SIZES = Object.keys(BOX_GRIDS) as BoxSize[];

export const GARDEN_MESSAGES = {
  boxSize: "Please choose a box size: 0.5 m², 1 m² or 2 m².",
  squares: "The plan doesn't fit the box: please reload the page and try again.",
  crowded: `A square holds at most ${MAX_PLANTS_PER_SQUARE} plants.`,
  unknownPlant: "The plan names a plant we don't know: please reload the page and try again.",
} as const;

const squaresSchema = z.array(
  z
    .array(z.string().regex(/^[a-z0-9-]{1,60}$/, GARDEN_MESSAGES.unknownPlant))
    .max(MAX_PLANTS_PER_SQUARE, GARDEN_MESSAGES.crowded),
  { message: GARDEN_MESSAGES.squares },
);

export const gardenPlanSchema = z
  .object({
    boxSize: z.enum(BOX_SIZES as [BoxSize, ...BoxSize[]], { message: GARDEN_MESSAGES.boxSize }),
    squares: squaresSchema,
    /** Last season's squares, for rotation: the same family in the same square warns. */
    lastSeason: squaresSchema.optional(),
  })
  .refine(
    (plan) => {
      const grid = BOX_GRIDS[plan.boxSize];
      const size = grid.columns * grid.rows;
      return plan.squares.length === size && (plan.lastSeason?.length ?? size) === size;
    },
    { message: GARDEN_MESSAGES.squares, path: ["squares"] },
  );

export type GardenPlan = z.infer<typeof gardenPlanSchema>;

export function emptyPlan(boxSize: BoxSize): GardenPlan {
  const grid = BOX_GRIDS[boxSize];
  return { boxSize, squares: Array.from({ length: grid.columns * grid.rows }, () => []) };
}

/** A `gardens` row's plan, or null when it no longer reads as one (a box size since dropped). */
export function savedPlanOf(row: {
  boxSize: string;
  squares: unknown;
  lastSeason: unknown;
}): GardenPlan | null {
  const parsed = gardenPlanSchema.safeParse({
    boxSize: row.boxSize,
    squares: row.squares,
    lastSeason: row.lastSeason ?? undefined,
  });
  return parsed.success ? parsed.data : null;
}
