// What the calendar export needs to know: a region (it decides the climate zone) and a plan size.
// One schema for the calendar page's form and for the .ics feed's query string.
import { failure, fieldErrors, type Outcome } from "#app/lib/outcome.ts";
import { z } from "#app/lib/zod.ts";
import { NZ_REGIONS } from "#app/lib/nz-regions.ts";
import { findPlan, type Plan } from "#app/modules/subscriptions/plans.ts";

export const calendarChoice = z.object({
  region: z.enum(NZ_REGIONS, { message: "Choose your region from the list." }),
  plan: z.string({ message: "Choose a plan size." }).transform((id, ctx): Plan => {
    const plan = findPlan(id);
    if (!plan) {
      ctx.addIssue({ code: "custom", message: "Choose a plan size." });
      return z.NEVER;
    }
    return plan;
  }),
});

export type CalendarChoice = z.output<typeof calendarChoice>;

export type CalendarChoiceErrors = Partial<Record<"region" | "plan", string>>;

/** The choice, or "invalid" with the first problem per choice (the message: all of them). */
export function readCalendarChoice(
  params: URLSearchParams,
): Outcome<{ choice: CalendarChoice }, { fieldErrors: CalendarChoiceErrors }> {
  const parsed = calendarChoice.safeParse({
    region: params.get("region") ?? undefined,
    plan: params.get("plan") ?? undefined,
  });
  if (parsed.success) return { ok: true, choice: parsed.data };
  const errors: CalendarChoiceErrors = fieldErrors(parsed.error, ([field]) =>
    field === "region" || field === "plan" ? field : undefined,
  );
  return failure("invalid", Object.values(errors).join(" "), { fieldErrors: errors });
}
