// The calendar export (/calendar): choose a region and plan, then subscribe to or download the
// planting calendar. A plain GET form, so it works before (or without) JavaScript.
import { Link } from "react-router";
import { settings } from "#app/lib/env.server.ts";
import { paths } from "#app/lib/paths.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import {
  readCalendarChoice,
  type CalendarChoiceErrors,
} from "#app/modules/guidance/calendar-choice.ts";
import { CalendarForm } from "#app/modules/guidance/calendar-form.tsx";
import { formatDayAndDate } from "#app/modules/guidance/new-zealand-date.ts";
import { previewPlantingCalendar } from "#app/modules/guidance/preview-planting-calendar.server.ts";
import { DEFAULT_PLAN_ID } from "#app/modules/subscriptions/plans.ts";
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
  if (!read.ok) return { values, errors: read.fieldErrors, calendar: undefined };
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
            , which follows their region and their plan&apos;s box size, with their box deliveries
            and cutoffs.
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

      <CalendarForm values={values} errors={errors} made={Boolean(calendar)} />

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
