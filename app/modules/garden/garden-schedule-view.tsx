// "Your schedule" on /garden (issue 23): the next eight weeks of dated jobs for the plants in the
// member's saved plan, week by week, the whole year behind a details element, and the empty states
// (signed out, no saved plan, nothing placed). Each job says its kind in words, not colour.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { formatDate, formatDayAndDate } from "#app/modules/guidance/new-zealand-date.ts";
import { GardenPanel } from "./garden-panel.tsx";
import type { SchedulePage, ScheduleTaskKind } from "./garden-schedule.ts";

export const SCHEDULE_WEEKS = 8;

export type GardenScheduleData =
  | { kind: "signed-out" }
  | { kind: "no-plan" }
  | { kind: "nothing-planted" }
  | { kind: "schedule"; where: string; plants: string[]; page: SchedulePage };

const KIND_LABELS: Record<ScheduleTaskKind, string> = {
  "sow-indoors": "Sow indoors",
  "sow-direct": "Sow",
  "plant-out": "Plant out",
  "sow-again": "Sow again",
  feed: "Feed",
  protect: "Frost cover",
  harvest: "Harvest",
};

const MONTHS = new Intl.DateTimeFormat("en-NZ", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const monthHeading = (month: string) => MONTHS.format(new Date(`${month}-01T00:00:00Z`));

function Kind({ kind }: { kind: ScheduleTaskKind }) {
  return (
    <span className="inline-block rounded-full border border-leaf/40 bg-cream px-2 py-0.5 text-xs font-semibold text-ink">
      {KIND_LABELS[kind]}
    </span>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <div className="mt-3 flex flex-col gap-2 text-ink/80">{children}</div>;
}

export function GardenScheduleView({ data }: { data: GardenScheduleData }) {
  if (data.kind === "signed-out") {
    return (
      <p className="text-ink/80 print:hidden" data-testid="garden-schedule">
        <Link
          to={`${paths.login}?redirectTo=${encodeURIComponent(paths.garden)}`}
          className="text-leaf underline underline-offset-4"
        >
          Sign in
        </Link>{" "}
        and save your plan to get dated reminders for each plant: when to sow, plant out, feed and
        harvest.
      </p>
    );
  }
  return (
    <GardenPanel name="garden-schedule" anchored={false} title="Your schedule">
      {data.kind === "no-plan" && (
        <Empty>
          <p>
            Place plants in the box above and press &lsquo;Save to my account&rsquo;: your schedule
            then appears here, with the days to sow, plant out, feed and harvest each plant for your
            town&apos;s frosts.
          </p>
        </Empty>
      )}
      {data.kind === "nothing-planted" && (
        <Empty>
          <p>
            Your saved plan has no plants in it yet. Place some in the box above and save it again,
            and we&apos;ll date each plant&apos;s jobs for you.
          </p>
        </Empty>
      )}
      {data.kind === "schedule" && <Schedule data={data} />}
    </GardenPanel>
  );
}

function Schedule({ data }: { data: Extract<GardenScheduleData, { kind: "schedule" }> }) {
  const { weeks, year, count, lastDate } = data.page;
  return (
    <>
      <p className="mt-2 text-ink/80">
        For the {data.plants.length === 1 ? "plant" : `${data.plants.length} plants`} in your saved
        plan and {data.where}. Save a changed plan and the dates follow it; they are also in your{" "}
        <Link to="/profile/reminders" className="text-leaf underline underline-offset-4">
          calendar feed
        </Link>
        .
      </p>
      <h3 className="mt-5 text-lg font-semibold">The next {SCHEDULE_WEEKS} weeks</h3>
      {weeks.length === 0 ? (
        <p className="mt-2 text-ink/80">Nothing to do for these plants in the next 8 weeks.</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-5">
          {weeks.map((week) => (
            <li key={week.starts}>
              <h4 id={`week-${week.starts}`} className="font-semibold">
                Week of {formatDayAndDate(week.starts)}
              </h4>
              <ul className="mt-2 flex flex-col gap-2">
                {week.tasks.map((task) => (
                  <li key={task.id} className="rounded-xl border border-ink/10 px-3 py-2 sm:px-4">
                    <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <Kind kind={task.kind} />
                      <strong className="min-w-0 break-words">{task.title}</strong>
                      <span className="text-sm text-ink/80">{formatDayAndDate(task.date)}</span>
                    </p>
                    <p className="mt-1 text-sm text-ink/80">{task.detail}</p>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {!lastDate ? (
        <p className="mt-3 text-ink/80">
          None of these plants has a sowing or planting time in your climate in the coming year.
        </p>
      ) : (
        <details className="mt-5 rounded-xl border border-ink/10 px-3 py-2 sm:px-4">
          <summary className="min-h-11 cursor-pointer content-center font-semibold">
            Show the whole year ({count} jobs to {formatDate(lastDate)})
          </summary>
          {year.map((month) => (
            <div key={month.month} className="mt-4">
              <h4 className="font-semibold">{monthHeading(month.month)}</h4>
              <ul className="mt-1 flex flex-col gap-2 text-sm sm:gap-1">
                {month.days.map((line) => (
                  <li
                    key={`${line.date}-${line.kind}`}
                    className="flex flex-col sm:flex-row sm:gap-3"
                  >
                    <span className="text-ink/80 sm:w-44 sm:shrink-0">
                      {formatDayAndDate(line.date)}
                    </span>
                    <span className="min-w-0">
                      <strong>{KIND_LABELS[line.kind]}:</strong> {line.plants.join(", ")}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </details>
      )}
    </>
  );
}
