// The lists' shared query pieces (/admin/subscriptions, /admin/gifts, /admin/waitlist,
// /admin/products, /products): a search's LIKE pattern, a filter that is no filter when empty or
// unknown, and a URL's search parameters without the empty ones, read by each list's own zod
// schema (whose .catch and .default answer for what is absent).
import type { z } from "zod";

/** A LIKE pattern matching the text anywhere, its own % and _ taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An empty or unknown filter is no filter: a hand-edited query shows everything, not an error. */
export const optionalFilter = <T extends z.ZodType>(schema: T) =>
  schema.optional().catch(undefined);

/** A list's query from a URL's search parameters (absent or empty values dropped). */
export function readListQuery<S extends z.ZodType>(schema: S, params: URLSearchParams): z.infer<S> {
  return schema.parse(Object.fromEntries([...params].filter(([, v]) => v !== "")));
}
