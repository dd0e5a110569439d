// /define-garden: the short growing-space survey, reached through a signed link (no sign-in). The
// answers go to the contact's growing_space and survey_data; it ends on /survey-complete.
import { data, Form, redirect, useNavigation } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { RadioCard } from "#app/components/ui/radio-card.tsx";
import { paths } from "#app/lib/paths.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import { saveSurvey, surveyTokenIsValid } from "#app/modules/waitlist/save-survey.server.ts";
import { surveyFormValues } from "#app/modules/waitlist/survey-form.ts";
import {
  EXPERIENCE,
  INTERESTS,
  SPACE_KINDS,
  SUN_HOURS,
  TIME_PER_WEEK,
} from "#app/modules/waitlist/survey-options.ts";
import type { Route } from "./+types/define-garden";

export const meta = staticPageMeta("/define-garden");

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t");
  return { token: token && surveyTokenIsValid(token) ? token : null };
}

export async function action({ request }: Route.ActionArgs) {
  const result = await saveSurvey(surveyFormValues(await request.formData()));
  if (!result.ok) return data({ fieldErrors: result.fieldErrors ?? {} }, { status: 400 });
  // The answers go along, not the words: /survey-complete works the reasons out again.
  return redirect(paths.surveyComplete(result.query));
}

export default function DefineGarden({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.fieldErrors ?? {};
  const busy = useNavigation().state === "submitting";
  return (
    <section className="container-page max-w-3xl pt-28 pb-20 sm:pt-36">
      <h1 className="text-4xl font-bold sm:text-5xl">Tell us about your space</h1>
      <p className="mt-4 text-lg text-ink/80">
        Six quick questions. We'll recommend the box that fits
        {loaderData.token ? " and save your answers to your waitlist entry" : ""}.
      </p>
      <Form
        method="post"
        noValidate
        className="mt-10 space-y-8 rounded-3xl bg-white p-6 shadow-md sm:p-10"
      >
        {loaderData.token && <input type="hidden" name="t" value={loaderData.token} />}
        {/* The errors show beside their questions, far above the button on a phone. */}
        <ErrorSummary errors={actionData?.fieldErrors} />
        <Choice
          name="kind"
          legend="What kind of space do you have?"
          options={SPACE_KINDS}
          error={errors.kind}
        />
        <div>
          <label htmlFor="sizeM2" className="block text-lg font-semibold">
            Roughly how big is it, in square metres?
          </label>
          <p id="sizeM2-hint" className="text-sm text-ink/75">
            A single bed is about 2 m × 1 m = 2 m². Pace it out: one big step is about a metre.
          </p>
          <input
            id="sizeM2"
            name="sizeM2"
            type="number"
            inputMode="decimal"
            step="0.1"
            min="0.1"
            max="500"
            required
            aria-invalid={errors.sizeM2 ? true : undefined}
            aria-describedby={errors.sizeM2 ? "sizeM2-hint sizeM2-error" : "sizeM2-hint"}
            className="mt-2 block min-h-12 w-40 rounded-xl border border-ink/20 bg-cream/40 px-4 text-lg"
          />
          {errors.sizeM2 && (
            <p id="sizeM2-error" className="mt-1 text-sm font-medium text-clay-dark">
              {errors.sizeM2}
            </p>
          )}
        </div>
        <Choice
          name="sunHours"
          legend="How much direct sun does it get on a summer day?"
          options={SUN_HOURS}
          error={errors.sunHours}
        />
        <Choice
          name="experience"
          legend="How much have you grown before?"
          options={EXPERIENCE}
          error={errors.experience}
        />
        <Choice
          name="timePerWeek"
          legend="How much time could you give it each week?"
          options={TIME_PER_WEEK}
          error={errors.timePerWeek}
        />
        <fieldset>
          <legend className="text-lg font-semibold">
            What would you most like to grow? (pick any)
          </legend>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {INTERESTS.map((i) => (
              <label
                key={i}
                className="flex min-h-11 items-center gap-3 rounded-xl border border-ink/15 px-4"
              >
                <input type="checkbox" name="interests" value={i} className="h-5 w-5 accent-leaf" />
                {i}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" disabled={busy} className="btn-primary w-full text-lg">
          {busy ? "Working it out..." : "See my recommendation"}
        </button>
      </Form>
    </section>
  );
}

function Choice({
  name,
  legend,
  options,
  error,
}: {
  name: string;
  legend: string;
  options: readonly string[];
  error?: string;
}) {
  return (
    <fieldset>
      <legend className="text-lg font-semibold">{legend}</legend>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {options.map((o, i) => (
          <RadioCard
            key={o}
            // The first choice is where the error summary's link lands.
            id={i === 0 ? name : undefined}
            className="flex min-h-11 items-center gap-3 rounded-xl border border-ink/15 px-4 has-[:checked]:border-leaf has-[:checked]:bg-sprout/15"
            name={name}
            value={o}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${name}-error` : undefined}
          >
            {o}
          </RadioCard>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-clay-dark">
          {error}
        </p>
      )}
    </fieldset>
  );
}
