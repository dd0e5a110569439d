// The shape of content/towns.json (issue 23): New Zealand's main towns with their average frost
// dates and growing-season warmth, and the sources to check them against.
import { NZ_REGIONS } from "#app/lib/nz-regions.ts";
import { z } from "#app/lib/zod.ts";

const text = z.string().trim().min(1);
/** Month and day, "10-25"; a real day of the year. */
const monthDay = z
  .string()
  .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "must be a month and day like 10-25")
  .refine((md) => {
    const [m, d] = md.split("-").map(Number);
    return new Date(Date.UTC(2001, m! - 1, d!)).getUTCMonth() === m! - 1;
  }, "must be a day that exists");

export const townSchema = z
  .object({
    name: text,
    region: z.enum(NZ_REGIONS),
    /** The town a region falls back to when the member's own town isn't in the table. */
    main: z.literal(true).optional(),
    /** Average last spring air frost; null where frosts are rare. */
    lastFrost: monthDay.nullable(),
    /** Average first autumn air frost; null where frosts are rare. */
    firstFrost: monthDay.nullable(),
    frostDaysPerYear: z.number().int().min(0).max(200),
    /** Growing degree-days above 10 °C, October to April: how warm the growing season is. */
    growingDegreeDays: z.number().int().min(0).max(3000),
    sources: z.array(z.object({ name: text, url: z.url({ protocol: /^https$/ }) })).min(1),
  })
  .refine((t) => (t.lastFrost === null) === (t.firstFrost === null), {
    message: "needs both frost dates, or neither where frosts are rare",
  });

export const townsFileSchema = z.object({ about: text, towns: z.array(townSchema).min(1) });

export type Town = z.infer<typeof townSchema>;
