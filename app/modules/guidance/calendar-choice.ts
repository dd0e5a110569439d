// What the calendar export needs to know: a region (it decides the climate zone) and a plan size.
// One schema for the calendar page's form and for the .ics feed's query string.
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

export type CalendarChoiceResult =
  { ok: true; choice: CalendarChoice } | { ok: false; errors: CalendarChoiceErrors };

export function readCalendarChoice(params: URLSearchParams): CalendarChoiceResult {
  const parsed = calendarChoice.safeParse({
    region: params.get("region") ?? undefined,
    plan: params.get("plan") ?? undefined,
  });
  if (parsed.success) return { ok: true, choice: parsed.data };
  const errors: CalendarChoiceErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "region" || field === "plan") && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
