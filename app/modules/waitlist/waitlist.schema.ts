// The waitlist's shared schemas: the same rules in the browser and on the server (SPEC §5, §8).
import { fieldErrors } from "#app/lib/outcome.ts";
import { freeText, z } from "#app/lib/zod.ts";
import { NZ_REGIONS } from "#app/lib/nz-regions.ts";
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
  /**
   * Honeypot: hidden from people and screen readers, so anything in it came from a script. Any
   * value at all counts as filled (a long one must not turn into a refusal the script could read).
   */
  website: z
    .unknown()
    .optional()
    .transform((v) => v !== undefined && v !== null && v !== ""),
  /** The proof of work the browser did when its connection was asked for one (ADR 022). */
  work: z
    .object({ token: z.string().max(2000), nonce: z.string().max(16) })
    .optional()
    .catch(undefined),
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

/** The first message for the two fields the form shows (the rest fall back to their defaults). */
export function waitlistFieldErrors(error: z.ZodError) {
  return fieldErrors(error, ([key]) => (key === "email" || key === "region" ? key : undefined));
}

/** The page a form was sent from, kept in the consent record: one of our paths, else /waitlist. */
export const formPageSchema = freeText({ max: 100 })
  .refine((v) => v.startsWith("/"))
  .catch("/waitlist");
