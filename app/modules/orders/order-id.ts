// Order ids are UUIDs. Anything else is not an order, and is answered as "not found" before it
// reaches the database, where a malformed uuid (36 dashes, say) is an error rather than no row.
import { z } from "#app/lib/zod.ts";

export const orderIdSchema = z.uuid();

export function isOrderId(value: unknown): value is string {
  return orderIdSchema.safeParse(value).success;
}
