// The waitlist's shared schemas: the same rules in the browser and on the server (SPEC §5, §8).
import { z } from "../../lib/zod.ts";
import { NZ_REGIONS } from "../../lib/nz-regions.ts";
import { MESSAGES, PLAN_IDS } from "./waitlist-messages.ts";

export { CONSENT_STATEMENT, MESSAGES, PLAN_IDS } from "./waitlist-messages.ts";

export const joinWaitlistSchema = z.object({
  /** Made in the browser, so a retried submission is recognised as the same one. */
  id: z.uuid().optional(),
  email: z
    .string({ message: MESSAGES.invalidEmail })
    .trim()
    .toLowerCase()
    .max(254, { message: MESSAGES.invalidEmail })
    .pipe(z.email({ message: MESSAGES.invalidEmail })),
  region: z.enum(NZ_REGIONS, { message: MESSAGES.missingRegion }),
  plan: z.enum(PLAN_IDS).optional().catch(undefined),
  /** Honeypot: people never see or fill it. */
  website: z.string().max(500).optional(),
});

export type JoinWaitlistInput = z.infer<typeof joinWaitlistSchema>;

/** Reads a form's fields into the schema's shape (empty strings mean "not given"). */
export function joinFormValues(
  form: FormData | URLSearchParams,
): Record<string, string | undefined> {
  const get = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" && v !== "" ? v : undefined;
  };
  return {
    id: get("id"),
    email: get("email") ?? "",
    region: get("region"),
    plan: get("plan"),
    website: get("website"),
  };
}

export function fieldErrors(error: z.ZodError): Partial<Record<"email" | "region", string>> {
  const out: Partial<Record<"email" | "region", string>> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if ((key === "email" || key === "region") && !out[key]) out[key] = issue.message;
  }
  return out;
}
