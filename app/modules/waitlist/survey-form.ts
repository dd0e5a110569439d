// The growing-space survey's fields and rules, shared by the form and the server.
import { fieldErrors } from "#app/lib/outcome.ts";
import { z } from "#app/lib/zod.ts";
import { EXPERIENCE, INTERESTS, SPACE_KINDS, SUN_HOURS, TIME_PER_WEEK } from "./survey-options.ts";

export { EXPERIENCE, INTERESTS, SPACE_KINDS, SUN_HOURS, TIME_PER_WEEK } from "./survey-options.ts";

export const surveySchema = z.object({
  token: z.string().max(2000).optional(),
  kind: z.enum(SPACE_KINDS, { message: "Please choose the kind of space you have" }),
  sizeM2: z.coerce
    .number({ message: "Please give the size in square metres, e.g. 1.5" })
    .min(0.1, { message: "The space needs to be at least 0.1 m²" })
    .max(500, { message: "Please give a size under 500 m²" }),
  sunHours: z.enum(SUN_HOURS, { message: "Please choose how much sun the space gets" }),
  experience: z.enum(EXPERIENCE, { message: "Please choose your experience" }),
  timePerWeek: z.enum(TIME_PER_WEEK, { message: "Please choose how much time you have" }),
  interests: z.array(z.enum(INTERESTS)).max(INTERESTS.length).default([]),
});

export type SurveyInput = z.infer<typeof surveySchema>;

/** Reads the survey form (interests come as repeated checkboxes). */
export function surveyFormValues(form: FormData): Record<string, unknown> {
  const get = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" && v !== "" ? v : undefined;
  };
  return {
    token: get("t"),
    kind: get("kind"),
    sizeM2: get("sizeM2"),
    sunHours: get("sunHours"),
    experience: get("experience"),
    timePerWeek: get("timePerWeek"),
    interests: form.getAll("interests").filter((v): v is string => typeof v === "string"),
  };
}

/** The first message per survey field. */
export const fieldErrorsOf = (error: z.ZodError): Record<string, string> => fieldErrors(error);
