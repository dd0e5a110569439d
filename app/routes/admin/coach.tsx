// /admin/coach (coaches: the three admins and COACH_EMAILS, ADR 071): the coach inbox. Waiting
// questions longest waiting first, overdue ones marked in words and colour; filters for mine,
// answered, closed and a topic; 50 a page (keyset: "Older questions" carries where the page ended);
// "I'll take this" on each; and this week's figures above.
import { data, Form, Link, useNavigation } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireCoach } from "#app/modules/accounts/require-user.server.ts";
import { formString } from "#app/modules/checkout/checkout.schema.ts";
import { recentCoachFigures } from "#app/modules/coaching/coach-figures.server.ts";
import {
  COACH_TOPICS,
  durationWords,
  FILTER_NAMES,
  INBOX_FILTERS,
  readInboxQuery,
  TOPIC_NAMES,
  waitedWords,
} from "#app/modules/coaching/inbox.schema.ts";
import { coachWhen, listInbox, takeThread } from "#app/modules/coaching/inbox.server.ts";
import { threadIdSchema } from "#app/modules/coaching/answer.schema.ts";
import { adminPage } from "#app/components/admin/admin-page.ts";
import type { Route } from "./+types/coach";

export const { meta, handle } = adminPage("Coach inbox");

export async function loader({ request }: Route.LoaderArgs) {
  const coach = await requireCoach(request);
  const query = readInboxQuery(new URL(request.url).searchParams);
  const now = new Date();
  const [{ rows, next }, figures] = await Promise.all([
    listInbox(query, coach.id),
    recentCoachFigures(now),
  ]);
  return {
    coachOnly: !coach.isAdmin,
    query,
    now: now.toISOString(),
    next,
    figures,
    rows: rows.map((r) => ({
      ...r,
      waited: r.waitingSince ? waitedWords(r.waitingSince, now) : null,
      overdue: r.state === "waiting" && r.dueAt !== null && r.dueAt < now,
      due: r.dueAt ? coachWhen(r.dueAt) : null,
      asked: coachWhen(r.createdAt),
      mine: r.assignedTo === coach.id,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const coach = await requireCoach(request);
  const form = await request.formData();
  const id = threadIdSchema.safeParse(formString(form, "threadId"));
  if (formString(form, "intent") !== "take" || !id.success)
    return data({ error: "Choose a question to take." }, { status: 400 });
  const taken = await takeThread(id.data, coach.id);
  if (!taken.ok) return data({ error: taken.message }, { status: taken.status });
  const back = new URL(request.url);
  return redirectWithToast(request, back.pathname + back.search, {
    type: "success",
    message: "It's yours: the others see you've taken it.",
  });
}

function Figures({ figures }: { figures: Route.ComponentProps["loaderData"]["figures"] }) {
  const cell = "px-2 py-1 text-right tabular-nums";
  return (
    <section aria-labelledby="figures-heading" className="mt-6 rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="figures-heading" className="text-xl font-bold">
        This week
      </h2>
      <p className="mt-1 text-sm text-ink/70">
        Questions asked since Monday, New Zealand time (updated every half minute).
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ["Questions this week", String(figures.all.asked)],
          ["Median to first answer", durationWords(figures.all.medianSeconds)],
          ["90th percentile", durationWords(figures.all.p90Seconds)],
          ["Overdue now", String(figures.all.overdue)],
        ].map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-ink/70">{label}</dt>
            <dd className="text-2xl font-bold" data-testid={`figure-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">This week by topic</caption>
          <thead>
            <tr className="text-ink/70">
              <th scope="col" className="px-2 py-1 text-left">
                Topic
              </th>
              <th scope="col" className={cell}>
                Asked
              </th>
              <th scope="col" className={cell}>
                Median
              </th>
              <th scope="col" className={cell}>
                90th pct.
              </th>
              <th scope="col" className={cell}>
                Overdue
              </th>
            </tr>
          </thead>
          <tbody>
            {COACH_TOPICS.map((t) => {
              const f = figures.byTopic[t];
              return (
                <tr key={t} className="border-t border-ink/10">
                  <th scope="row" className="px-2 py-1 text-left font-semibold">
                    {TOPIC_NAMES[t]}
                  </th>
                  <td className={cell}>{f.asked}</td>
                  <td className={cell}>{durationWords(f.medianSeconds)}</td>
                  <td className={cell}>{durationWords(f.p90Seconds)}</td>
                  <td className={cell}>{f.overdue}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function CoachInbox({ loaderData, actionData }: Route.ComponentProps) {
  const { query, rows, next, figures, coachOnly } = loaderData;
  const busy = useNavigation().formData?.get("threadId");
  const nextUrl = next
    ? `?${new URLSearchParams({ show: query.show, ...(query.topic ? { topic: query.topic } : {}), after: next })}`
    : null;
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Coach inbox</h1>
      <p className="mt-2 text-ink/70">
        Members' gardening questions, longest waiting first. Each is due an answer within one
        working day.
      </p>
      {!coachOnly && (
        <p className="mt-2 flex flex-wrap gap-4 text-sm">
          <Link className="underline" to={paths.adminCoachReplies}>
            Saved replies
          </Link>
          <Link className="underline" to={paths.adminCoachFaq}>
            FAQ drafts
          </Link>
        </p>
      )}
      <Figures figures={figures} />
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm font-semibold">
          Show
          <select
            name="show"
            defaultValue={query.show}
            className="mt-1 min-h-11 rounded-xl border border-ink/20 bg-white px-4 py-2 font-normal"
          >
            {INBOX_FILTERS.map((f) => (
              <option key={f} value={f}>
                {FILTER_NAMES[f]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm font-semibold">
          Topic
          <select
            name="topic"
            defaultValue={query.topic ?? ""}
            className="mt-1 min-h-11 rounded-xl border border-ink/20 bg-white px-4 py-2 font-normal"
          >
            <option value="">All topics</option>
            {COACH_TOPICS.map((t) => (
              <option key={t} value={t}>
                {TOPIC_NAMES[t]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-secondary">
          Show questions
        </button>
      </Form>
      {actionData?.error ? (
        <p role="alert" className="mt-3 font-semibold text-clay-dark">
          {actionData.error}
        </p>
      ) : null}
      <h2 className="mt-6 text-2xl font-bold">
        {FILTER_NAMES[query.show]}
        {query.topic ? `: ${TOPIC_NAMES[query.topic]}` : ""}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3">No questions here.</p>
      ) : (
        <ol className="mt-3 grid gap-3" data-testid="coach-queue">
          {rows.map((r) => (
            <li
              key={r.id}
              data-testid="coach-thread-row"
              className={`rounded-2xl bg-white p-4 shadow-sm [overflow-wrap:anywhere] ${
                r.overdue ? "border-l-8 border-clay-dark" : "border-l-8 border-transparent"
              }`}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link to={paths.adminCoachThread(r.id)} className="text-lg font-bold underline">
                  {r.firstName}: {TOPIC_NAMES[r.topic]}
                </Link>
                {r.overdue ? (
                  <span className="rounded-full bg-clay-dark px-3 py-1 text-sm font-bold text-white">
                    Overdue
                  </span>
                ) : null}
              </div>
              <p className="mt-1">{r.firstLine}</p>
              <p className="mt-1 text-sm text-ink/70">
                {r.waited ? `Waiting ${r.waited}` : `Asked ${r.asked}`}
                {r.due && r.state === "waiting" ? ` · due ${r.due}` : ""}
                {" · "}
                {r.assigneeName
                  ? r.mine
                    ? "Taken by you"
                    : `Taken by ${r.assigneeName}`
                  : "Not taken yet"}
              </p>
              {!r.assignedTo && r.state !== "closed" ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="threadId" value={r.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="take"
                    className="btn-secondary"
                    disabled={busy === r.id}
                  >
                    I'll take this<span className="sr-only"> ({r.firstName}'s question)</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {nextUrl ? (
        <p className="mt-4">
          <Link to={nextUrl} className="underline">
            Next 50 questions
          </Link>
        </p>
      ) : null}
    </>
  );
}
