// The calendar page's choice of region and box size (/calendar): a plain GET form, so it works
// before (or without) JavaScript. When the choices come back with errors, the error summary at
// the form's top takes focus and links to each (issue 39). An island on /calendar (ADR 017, 036).
import { Form } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { RegionOptions } from "#app/components/ui/region-options.tsx";
import { RadioCard } from "#app/components/ui/radio-card.tsx";
import { paths } from "#app/lib/paths.ts";
import { plans } from "#app/modules/subscriptions/plans.ts";
import type { CalendarChoiceErrors } from "./calendar-choice.ts";

export function CalendarForm({
  values,
  errors,
  made,
}: {
  values: { region: string; plan: string };
  errors: CalendarChoiceErrors;
  /** A calendar is shown above: the form changes it. */
  made: boolean;
}) {
  return (
    <Form
      method="get"
      action={paths.calendar}
      noValidate
      aria-labelledby="choose-title"
      className="mt-8 max-w-3xl rounded-3xl bg-cream-deep p-6 sm:p-8"
    >
      <h2 id="choose-title" className="text-2xl font-bold">
        {made ? "Change region or plan" : "Make your calendar"}
      </h2>
      {/* The choices are below the calendar's introduction: the summary shows what to fix. */}
      <div className="mt-3 empty:hidden">
        <ErrorSummary errors={errors} />
      </div>
      <div className="mt-5">
        <label htmlFor="region" className="block font-semibold">
          Region
        </label>
        <select
          id="region"
          name="region"
          required
          defaultValue={values.region}
          aria-invalid={errors.region ? true : undefined}
          aria-describedby={errors.region ? "region-error" : undefined}
          className="mt-2 min-h-11 w-full rounded-xl border-2 border-ink/20 bg-white px-3 py-2 aria-invalid:border-clay-dark sm:max-w-sm"
        >
          <RegionOptions />
        </select>
        {errors.region && (
          <p id="region-error" className="mt-2 text-sm font-semibold text-clay-dark">
            {errors.region}
          </p>
        )}
      </div>
      <fieldset className="mt-6">
        <legend className="font-semibold">Grow box size</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          {plans.map((plan, i) => (
            <RadioCard
              key={plan.id}
              // The first choice is where the error summary's link lands.
              id={i === 0 ? "plan" : undefined}
              className="flex cursor-pointer items-start gap-3 rounded-2xl border-2 border-ink/15 bg-white p-4 has-[:checked]:border-leaf has-[:checked]:bg-sprout/15"
              inputClassName="mt-1 h-4 w-4 accent-leaf"
              name="plan"
              value={plan.id}
              defaultChecked={values.plan === plan.id}
              aria-invalid={errors.plan ? true : undefined}
              aria-describedby={errors.plan ? "plan-error" : undefined}
            >
              <span>
                <span className="block font-semibold">{plan.size}</span>
                <span className="block text-sm text-ink/75">{plan.bestFor}</span>
              </span>
            </RadioCard>
          ))}
        </div>
        {errors.plan && (
          <p id="plan-error" className="mt-2 text-sm font-semibold text-clay-dark">
            {errors.plan}
          </p>
        )}
      </fieldset>
      <button type="submit" className="btn-primary mt-6">
        {made ? "Update my calendar" : "Make my calendar"}
      </button>
    </Form>
  );
}
