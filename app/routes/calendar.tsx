// The calendar export (/calendar): choose a region and plan, then subscribe to or download the
// planting calendar. A plain GET form, so it works before (or without) JavaScript.
import { useRef } from "react";
import { Form, Link } from "react-router";
import { RegionOptions } from "#app/components/ui/region-options.tsx";
import { useFocusFirstError } from "#app/components/ui/focus-first-error.ts";
import { settings } from "#app/lib/env.server.ts";
import { paths } from "#app/lib/paths.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import {
  readCalendarChoice,
  type CalendarChoiceErrors,
} from "#app/modules/guidance/calendar-choice.ts";
import { formatDayAndDate } from "#app/modules/guidance/new-zealand-date.ts";
import { previewPlantingCalendar } from "#app/modules/guidance/preview-planting-calendar.server.ts";
import { DEFAULT_PLAN_ID, plans } from "#app/modules/subscriptions/plans.ts";
import type { Route } from "./+types/calendar";

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const asked = params.has("region") || params.has("plan");
  const values = {
    region: params.get("region") ?? "",
    plan: params.get("plan") ?? DEFAULT_PLAN_ID,
  };
  const noErrors: CalendarChoiceErrors = {};
  if (!asked) return { values, errors: noErrors, calendar: undefined };
  const read = readCalendarChoice(params);
  if (!read.ok) return { values, errors: read.errors, calendar: undefined };
  return {
    values,
    errors: noErrors,
    calendar: previewPlantingCalendar(read.choice, settings().siteUrl),
  };
}

// A calendar made for one region is a view of this page, not a page of its own.
export const meta = staticPageMeta("/calendar", {
  robots: "noindex, follow",
  when: (data) => Boolean((data as { calendar?: unknown } | undefined)?.calendar),
});

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { values, errors, calendar } = loaderData;
  const hasErrors = Boolean(errors.region || errors.plan);
  // The choices are below the calendar's introduction: show and focus the first one to fix.
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, hasErrors ? errors : null);
  return (
    <div className="container-page pt-24 pb-20 sm:pt-28">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-widest text-leaf uppercase">
          Planting calendar
        </p>
        <h1 className="mt-2 text-4xl font-bold sm:text-5xl">Your garden year, in your calendar</h1>
        <p className="mt-4 text-lg text-ink/80">
          Choose your region and box size. Every Saturday morning gets a short session, with a
          reminder the evening before: on the first Saturday of the month, what to sow and plant in
          your climate; on the others, that month&apos;s garden jobs. About 30 minutes a week, taken
          from our{" "}
          <Link to={paths.education} className="text-leaf underline underline-offset-4">
            monthly guides
          </Link>
          .
        </p>
      </header>

      {calendar && (
        <section
          aria-labelledby="your-calendar"
          className="mt-8 max-w-3xl rounded-3xl bg-white p-6 shadow-md ring-1 ring-ink/5 sm:p-8"
        >
          <h2 id="your-calendar" className="text-3xl font-bold">
            Your calendar: {calendar.region}, {calendar.planSize} box
          </h2>
          <p className="mt-3 text-ink/80">
            {calendar.region} is in our {calendar.zone.name.toLowerCase()} climate zone
            {calendar.zone.neighbours.length > 0 && <>, with {listOf(calendar.zone.neighbours)}</>}.
            The calendar covers the next 12 months: {calendar.sessionCount} sessions.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <a href={calendar.subscribeUrl} className="btn-primary">
              Subscribe in your calendar app
            </a>
            <a href={calendar.downloadPath} download={calendar.fileName} className="btn-secondary">
              Download the .ics file
            </a>
          </div>
          <p className="mt-4 text-sm text-ink/75">
            Subscribing keeps it current: your calendar app checks for updates every day, and the
            year rolls forward on its own. Downloading adds a one-off copy of the next 12 months.
          </p>
          <p className="mt-2 text-sm text-ink/75">
            Members get their own calendar address in{" "}
            <Link
              to="/profile/reminders#planting-calendar"
              className="text-leaf underline underline-offset-4"
            >
              their profile
            </Link>
            , which follows the region and box size saved there.
          </p>
          <details className="mt-4 rounded-2xl bg-cream p-4">
            <summary className="cursor-pointer font-semibold">Using Google Calendar?</summary>
            <p className="mt-2 text-sm text-ink/80">
              On a computer, open Google Calendar, choose the + beside &ldquo;Other
              calendars&rdquo;, then &ldquo;From URL&rdquo;, and paste this address:
            </p>
            <label htmlFor="feed-url" className="sr-only">
              Calendar address
            </label>
            <input
              id="feed-url"
              readOnly
              value={calendar.feedUrl}
              className="mt-2 w-full rounded-lg border border-ink/20 bg-white px-3 py-2 font-mono text-sm"
            />
          </details>

          <h3 className="mt-8 text-xl font-bold">Coming up</h3>
          <ol className="mt-3 divide-y divide-ink/10">
            {calendar.upcoming.map((session) => (
              <li key={session.key} className="flex flex-col gap-0.5 py-3 sm:flex-row sm:gap-4">
                <span className="shrink-0 text-sm font-semibold text-soil sm:w-44">
                  <time dateTime={session.date}>{formatDayAndDate(session.date)}</time>,{" "}
                  {session.time}
                </span>
                <span>{session.summary}</span>
              </li>
            ))}
          </ol>
        </section>
      )}

      <Form
        ref={form}
        method="get"
        action={paths.calendar}
        noValidate
        aria-labelledby="choose-title"
        className="mt-8 max-w-3xl rounded-3xl bg-cream-deep p-6 sm:p-8"
      >
        <h2 id="choose-title" className="text-2xl font-bold">
          {calendar ? "Change region or plan" : "Make your calendar"}
        </h2>
        {hasErrors && (
          <p role="alert" className="mt-3 font-semibold text-clay-dark">
            Please check the highlighted choices.
          </p>
        )}
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
        <fieldset className="mt-6" aria-describedby={errors.plan ? "plan-error" : undefined}>
          <legend className="font-semibold">Grow box size</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-3">
            {plans.map((plan) => (
              <label
                key={plan.id}
                className="flex cursor-pointer items-start gap-3 rounded-2xl border-2 border-ink/15 bg-white p-4 has-[:checked]:border-leaf has-[:checked]:bg-sprout/15"
              >
                <input
                  type="radio"
                  name="plan"
                  value={plan.id}
                  defaultChecked={values.plan === plan.id}
                  aria-invalid={errors.plan ? true : undefined}
                  className="mt-1 h-4 w-4 accent-leaf"
                />
                <span>
                  <span className="block font-semibold">{plan.size}</span>
                  <span className="block text-sm text-ink/75">{plan.bestFor}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.plan && (
            <p id="plan-error" className="mt-2 text-sm font-semibold text-clay-dark">
              {errors.plan}
            </p>
          )}
        </fieldset>
        <button type="submit" className="btn-primary mt-6">
          {calendar ? "Update my calendar" : "Make my calendar"}
        </button>
      </Form>

      <p className="mt-8 max-w-3xl text-sm text-ink/75">
        Not sure where things go? The{" "}
        <Link to={paths.plantingLayouts} className="text-leaf underline underline-offset-4">
          planting layouts
        </Link>{" "}
        show each box square by square.
      </p>
    </div>
  );
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
