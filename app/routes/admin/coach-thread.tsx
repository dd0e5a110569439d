// /admin/coach/:threadId (coaches, ADR 071): one question. Its messages in order with their photos
// (served by the member side's /coach/photos/:id), internal notes marked as only coaches see them;
// the answer form (a saved reply fills it: a select and "Use this reply", which without JavaScript
// reloads the page with the reply's text and with it fills the box in place), the note form,
// "I'll take this", "Close" and "Useful for everyone" on an answer. Beside it, the member's context.
import { randomUUID } from "node:crypto";
import { useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireCoach } from "#app/modules/accounts/require-user.server.ts";
import { formString } from "#app/modules/checkout/checkout.schema.ts";
import { answerSchema, noteSchema, threadIdSchema } from "#app/modules/coaching/answer.schema.ts";
import {
  addNote,
  answerThread,
  closeThread,
  readCoachThread,
} from "#app/modules/coaching/answer-thread.server.ts";
import { markUseful } from "#app/modules/coaching/faq-drafts.server.ts";
import { TOPIC_NAMES, waitedWords } from "#app/modules/coaching/inbox.schema.ts";
import { coachWhen, takeThread } from "#app/modules/coaching/inbox.server.ts";
import { memberContext, reminderName } from "#app/modules/coaching/member-context.server.ts";
import { listSavedReplies } from "#app/modules/coaching/saved-replies.server.ts";
import { formatBoxDate } from "#app/modules/subscriptions/box-dates.ts";
import { adminMeta, type AdminHandle } from "./admin-page.ts";
import type { Route } from "./+types/coach-thread";

export const meta = () => adminMeta("Coach question");

export const handle: AdminHandle = {
  trail: {
    to: paths.adminCoach,
    label: "Coach inbox",
    here: (d: { member: { firstName: string } }) => `${d.member.firstName}'s question`,
  },
};

const STATE_WORDS = {
  waiting: "Waiting for a coach",
  answered: "Answered",
  closed: "Closed",
} as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const coach = await requireCoach(request);
  const id = threadIdSchema.safeParse(params.threadId);
  if (!id.success) throw data(null, { status: 404 });
  const view = await readCoachThread(id.data);
  if (!view) throw data(null, { status: 404 });
  const now = new Date();
  const [context, replies] = await Promise.all([
    memberContext({ userId: view.thread.userId, gardenSquare: view.thread.gardenSquare, now }),
    listSavedReplies(),
  ]);
  const chosen = new URL(request.url).searchParams.get("reply");
  const t = view.thread;
  return {
    coachOnly: !coach.isAdmin,
    member: view.member,
    thread: {
      id: t.id,
      topic: t.topic,
      state: t.state,
      source: t.source,
      educationPath: t.educationPath,
      shareConsent: t.shareConsent,
      mine: t.assignedTo === coach.id,
      assigned: t.assignedTo !== null,
      waited: t.waitingSince ? waitedWords(t.waitingSince, now) : null,
      due: t.dueAt ? coachWhen(t.dueAt) : null,
      overdue: t.state === "waiting" && t.dueAt !== null && t.dueAt < now,
    },
    assigneeName: view.assigneeName,
    messages: view.messages.map((m) => ({ ...m, when: coachWhen(m.createdAt) })),
    context: {
      ...context,
      boxes: context.boxes.map((b) => ({ ...b, when: formatBoxDate(b.deliverOn) })),
      remindersThisMonth: context.remindersThisMonth.map((r) => ({
        what: reminderName(r.template),
        when: coachWhen(r.sentAt),
      })),
    },
    replies: replies.map((r) => ({ id: r.id, title: r.title, topic: r.topic, body: r.body })),
    chosenReply: replies.find((r) => r.id === chosen)?.id ?? null,
    // Made for this page view: a doubled or retried submit adds one message.
    answerKey: randomUUID(),
    noteKey: randomUUID(),
  };
}

type ActionAnswer = { intent: string; error: string; body?: string };

export async function action({ request, params }: Route.ActionArgs) {
  const coach = await requireCoach(request);
  const id = threadIdSchema.safeParse(params.threadId);
  if (!id.success) throw data(null, { status: 404 });
  const threadId = id.data;
  const form = await request.formData();
  const intent = formString(form, "intent") ?? "";
  const refuse = (status: number, error: string, body?: string) =>
    data<ActionAnswer>({ intent, error, body }, { status });
  const done = (message: string) =>
    redirectWithToast(request, paths.adminCoachThread(threadId), { type: "success", message });
  switch (intent) {
    case "answer":
    case "note": {
      const schema = intent === "answer" ? answerSchema : noteSchema;
      const parsed = schema.safeParse({
        body: formString(form, "body") ?? "",
        requestKey: formString(form, "requestKey"),
      });
      if (!parsed.success)
        return refuse(
          400,
          parsed.error.issues[0]!.message,
          formString(form, "body")?.slice(0, 4000),
        );
      const input = { threadId, ...parsed.data, coach };
      const outcome = intent === "answer" ? await answerThread(input) : await addNote(input);
      if (!outcome.ok) return refuse(outcome.status, outcome.message, parsed.data.body);
      return done(
        intent === "answer"
          ? `Answer sent: ${view(outcome.added)}`
          : "Note saved: only coaches see it.",
      );
    }
    case "take": {
      const taken = await takeThread(threadId, coach.id);
      if (!taken.ok) return refuse(taken.status, taken.message);
      return done("It's yours: the others see you've taken it.");
    }
    case "close": {
      const closed = await closeThread(threadId);
      if (!closed.ok) return refuse(closed.status, closed.message);
      return done("The question is closed.");
    }
    case "useful": {
      const messageId = threadIdSchema.safeParse(formString(form, "messageId"));
      if (!messageId.success) return refuse(400, "Choose an answer to mark.");
      const marked = await markUseful(threadId, messageId.data);
      if (!marked.ok) return refuse(marked.status, marked.message);
      return done(
        marked.drafted
          ? "Marked useful for everyone: a draft FAQ entry waits for an admin to publish it."
          : "Marked useful for everyone. The member hasn't agreed to share it, so no FAQ entry is made.",
      );
    }
    default:
      return refuse(400, "Choose what to do.");
  }
}

function view(added: boolean): string {
  return added
    ? "the member gets an e-mail with a link to it."
    : "it had been sent already, so nothing more went.";
}

const panel = "rounded-2xl bg-white p-5 shadow-sm [overflow-wrap:anywhere]";
const field =
  "mt-1 w-full rounded-xl border border-ink/20 bg-white px-4 py-2 text-base aria-invalid:border-clay-dark";

function Context({ context }: { context: Route.ComponentProps["loaderData"]["context"] }) {
  const g = context.garden;
  return (
    <aside aria-labelledby="context-heading" className={`${panel} grid gap-4 self-start`}>
      <h2 id="context-heading" className="text-xl font-bold">
        The member's garden
      </h2>
      <section>
        <h3 className="font-bold">Plan and region</h3>
        <p data-testid="context-plan">
          {context.plan ? `${context.plan.size} box (${context.plan.status})` : "No subscription"}
          {context.region ? ` · ${context.region}` : ""}
        </p>
      </section>
      <section>
        <h3 className="font-bold">Town and frost dates</h3>
        <p data-testid="context-town">
          {context.town.name}
          {context.town.basis === "region" ? " (their region's main town)" : ""}
          {context.town.lastFrost
            ? ` · last frost about ${context.town.lastFrost}, first about ${context.town.firstFrost}`
            : context.town.basis === "zone"
              ? ""
              : " · frosts are rare"}
        </p>
      </section>
      <section>
        <h3 className="font-bold">Garden plan</h3>
        {g ? (
          <table
            className="mt-2 w-full table-fixed border-collapse text-xs"
            data-testid="context-garden"
          >
            <caption className="sr-only">
              The member's {g.size} plan, north row first, west to east.
              {g.asked !== null ? ` The square asked about is marked.` : ""}
            </caption>
            <tbody className="border-4 border-soil bg-[#f6efe0]">
              {Array.from({ length: g.rows }, (_, row) => (
                <tr key={row}>
                  {Array.from({ length: g.columns }, (_, col) => {
                    const at = row * g.columns + col;
                    const asked = at === g.asked;
                    return (
                      <td
                        key={col}
                        className={`h-16 border p-1 align-top ${
                          asked ? "border-4 border-clay-dark bg-white" : "border-soil/40"
                        }`}
                        data-asked={asked ? "true" : undefined}
                      >
                        {asked ? (
                          <strong className="block text-clay-dark">Asked about</strong>
                        ) : null}
                        {g.squares[at]?.join(", ") || <span className="text-ink/60">empty</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>No garden plan saved yet.</p>
        )}
      </section>
      <section>
        <h3 className="font-bold">Last boxes</h3>
        {context.boxes.length ? (
          <ul className="mt-1 grid gap-2" data-testid="context-boxes">
            {context.boxes.map((b) => (
              <li key={b.deliverOn}>
                <span className="font-semibold">{b.when}</span>:{" "}
                {b.items
                  .map((i) => `${i.name}${i.quantity > 1 ? ` ×${i.quantity}` : ""}`)
                  .join(", ")}
              </li>
            ))}
          </ul>
        ) : (
          <p>No boxes yet.</p>
        )}
      </section>
      <section>
        <h3 className="font-bold">Harvest log</h3>
        {context.harvests.length ? (
          <ul className="mt-1">
            {context.harvests.map((h, i) => (
              <li key={i}>
                {h.pickedOn}: {h.plant}, {h.amount}
              </li>
            ))}
            {context.harvestTotal > context.harvests.length ? (
              <li className="text-ink/70">
                and {context.harvestTotal - context.harvests.length} earlier
              </li>
            ) : null}
          </ul>
        ) : (
          <p>Nothing picked yet.</p>
        )}
      </section>
      <section>
        <h3 className="font-bold">Reminders this month</h3>
        {context.remindersThisMonth.length ? (
          <ul className="mt-1">
            {context.remindersThisMonth.map((r, i) => (
              <li key={i}>
                {r.what}, {r.when}
              </li>
            ))}
          </ul>
        ) : (
          <p>None sent this month.</p>
        )}
      </section>
    </aside>
  );
}

export default function CoachThreadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { thread, member, messages, context, replies, chosenReply, answerKey, noteKey } =
    loaderData;
  const busy = useNavigation().state === "submitting";
  const answerBox = useRef<HTMLTextAreaElement>(null);
  const pickBox = useRef<HTMLSelectElement>(null);
  const chosen = replies.find((r) => r.id === chosenReply);
  const answerError = actionData?.intent === "answer" ? actionData.error : null;
  const noteError = actionData?.intent === "note" ? actionData.error : null;
  const otherError =
    actionData && actionData.intent !== "answer" && actionData.intent !== "note"
      ? actionData.error
      : null;
  return (
    <>
      <h1 className="mt-2 text-3xl font-bold [overflow-wrap:anywhere] sm:text-4xl">
        {member.firstName}: {TOPIC_NAMES[thread.topic]}
      </h1>
      <p className="mt-2" data-testid="thread-state">
        {STATE_WORDS[thread.state]}
        {thread.waited ? ` · waiting ${thread.waited}` : ""}
        {thread.overdue ? (
          <strong className="ml-2 rounded-full bg-clay-dark px-3 py-1 text-sm text-white">
            Overdue
          </strong>
        ) : thread.due ? (
          ` · due ${thread.due}`
        ) : (
          ""
        )}
        {" · "}
        {loaderData.assigneeName
          ? thread.mine
            ? "Taken by you"
            : `Taken by ${loaderData.assigneeName}`
          : "Not taken yet"}
      </p>
      {otherError ? (
        <p role="alert" className="mt-3 font-semibold text-clay-dark">
          {otherError}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {!thread.assigned && thread.state !== "closed" ? (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="take"
              className="btn-secondary"
              disabled={busy}
            >
              I'll take this
            </button>
          </Form>
        ) : null}
        {thread.state !== "closed" ? (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="close"
              className="btn-secondary"
              disabled={busy}
            >
              Close
            </button>
          </Form>
        ) : null}
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid gap-4 self-start">
          <ol className="grid gap-3" aria-label="Messages" data-testid="thread-messages">
            {messages.map((m) => (
              <li
                key={m.id}
                data-kind={m.kind}
                className={`${panel} ${
                  m.kind === "note"
                    ? "border-2 border-dashed border-soil bg-[#fdf6e3]"
                    : m.kind === "coach"
                      ? "border-l-8 border-leaf"
                      : ""
                }`}
              >
                <p className="text-sm font-semibold text-ink/70">
                  {m.kind === "member"
                    ? `${member.firstName}${m.via === "text" ? " (by text)" : ""}`
                    : m.kind === "coach"
                      ? `${m.authorName ?? "A coach"}, answer`
                      : `${m.authorName ?? "A coach"}, internal note`}{" "}
                  · {m.when}
                </p>
                {m.kind === "note" ? (
                  <p className="mt-1 text-sm font-bold text-soil">Only coaches see this</p>
                ) : null}
                <p className="mt-2 whitespace-pre-line">{m.body}</p>
                {m.photoIds.length ? (
                  <div className="mt-3 flex flex-wrap gap-2">
                    {m.photoIds.map((p, i) => (
                      <a key={p} href={`/coach/photos/${p}`}>
                        <img
                          src={`/coach/photos/${p}`}
                          alt={`${member.firstName}'s photo ${i + 1}`}
                          className="h-32 w-32 rounded-xl object-cover"
                          loading="lazy"
                        />
                      </a>
                    ))}
                  </div>
                ) : null}
                {m.kind === "coach" ? (
                  m.usefulForEveryone ? (
                    <p className="mt-2 text-sm font-semibold text-leaf-dark">
                      Marked useful for everyone
                    </p>
                  ) : (
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="messageId" value={m.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="useful"
                        className="btn-secondary"
                        disabled={busy}
                      >
                        Useful for everyone
                      </button>
                    </Form>
                  )
                ) : null}
              </li>
            ))}
          </ol>
          <p className="text-sm text-ink/70">
            {thread.shareConsent === true
              ? "The member agreed that a useful answer may be shared (without their name or photos)."
              : thread.shareConsent === false
                ? "The member asked that their question isn't shared."
                : "The member hasn't said whether their question may be shared."}
          </p>
          {thread.state !== "closed" ? (
            <section className={panel} aria-labelledby="answer-heading">
              <h2 id="answer-heading" className="text-xl font-bold">
                Answer {member.firstName}
              </h2>
              <Form
                method="get"
                className="mt-3 flex flex-wrap items-end gap-2"
                onSubmit={(event) => {
                  // With JavaScript the reply fills the box in place (what's typed elsewhere stays).
                  const reply = replies.find((r) => r.id === pickBox.current?.value);
                  if (!reply || !answerBox.current) return;
                  event.preventDefault();
                  answerBox.current.value = reply.body;
                  answerBox.current.focus();
                }}
              >
                <label className="flex min-w-0 flex-1 flex-col text-sm font-semibold">
                  Saved reply
                  <select
                    name="reply"
                    ref={pickBox}
                    defaultValue={chosenReply ?? ""}
                    className={field}
                  >
                    <option value="">Choose a saved reply</option>
                    {replies.map((r) => (
                      <option key={r.id} value={r.id}>
                        {TOPIC_NAMES[r.topic]}: {r.title}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" className="btn-secondary">
                  Use this reply
                </button>
              </Form>
              <Form method="post" className="mt-3">
                <input type="hidden" name="requestKey" value={answerKey} />
                <label htmlFor="answer-body" className="font-semibold">
                  Your answer (the member sees it, signed with your first name)
                </label>
                <textarea
                  id="answer-body"
                  ref={answerBox}
                  key={chosenReply ?? "none"}
                  name="body"
                  rows={10}
                  required
                  maxLength={4000}
                  aria-invalid={answerError ? true : undefined}
                  aria-describedby={answerError ? "answer-error" : undefined}
                  defaultValue={
                    actionData?.intent === "answer" ? (actionData.body ?? "") : (chosen?.body ?? "")
                  }
                  className={field}
                />
                {answerError ? (
                  <p id="answer-error" role="alert" className="mt-1 font-semibold text-clay-dark">
                    {answerError}
                  </p>
                ) : null}
                <button
                  type="submit"
                  name="intent"
                  value="answer"
                  className="btn-primary mt-3"
                  disabled={busy}
                >
                  Send answer
                </button>
              </Form>
            </section>
          ) : null}
          <section className={panel} aria-labelledby="note-heading">
            <h2 id="note-heading" className="text-xl font-bold">
              Internal note
            </h2>
            <p className="text-sm text-ink/70">Only coaches see notes; the member never does.</p>
            <Form method="post" className="mt-2">
              <input type="hidden" name="requestKey" value={noteKey} />
              <label htmlFor="note-body" className="font-semibold">
                Note
              </label>
              <textarea
                id="note-body"
                name="body"
                rows={3}
                required
                maxLength={4000}
                aria-invalid={noteError ? true : undefined}
                aria-describedby={noteError ? "note-error" : undefined}
                defaultValue={actionData?.intent === "note" ? (actionData.body ?? "") : ""}
                className={field}
              />
              {noteError ? (
                <p id="note-error" role="alert" className="mt-1 font-semibold text-clay-dark">
                  {noteError}
                </p>
              ) : null}
              <button
                type="submit"
                name="intent"
                value="note"
                className="btn-secondary mt-3"
                disabled={busy}
              >
                Save note
              </button>
            </Form>
          </section>
          <p>
            <Link to={paths.adminCoach} className="underline">
              Back to the inbox
            </Link>
          </p>
        </div>
        <Context context={context} />
      </div>
    </>
  );
}
