// /admin/coach/:threadId (coaches, ADR 071): one question. Its messages in order with their photos
// (served by the member side's /coach/photos/:id), internal notes marked as only coaches see them;
// the answer form (a saved reply fills it: a select and "Use this reply", which without JavaScript
// reloads the page with the reply's text and with it fills the box in place), the note form,
// "I'll take this", "Close" and "Useful for everyone" on an answer. Beside it, the member's context.
// The route is the loader and action; the page's parts are in app/modules/coaching/coach-thread-*.
import { randomUUID } from "node:crypto";
import { data, Link, useNavigation } from "react-router";
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
import { CoachThreadContextPanel } from "#app/modules/coaching/coach-thread-context.tsx";
import { CoachAnswerForm, CoachNoteForm } from "#app/modules/coaching/coach-thread-forms.tsx";
import { CoachThreadHeader } from "#app/modules/coaching/coach-thread-header.tsx";
import { CoachThreadMessages } from "#app/modules/coaching/coach-thread-messages.tsx";
import { waitedWords } from "#app/modules/coaching/inbox.schema.ts";
import { coachWhen, takeThread } from "#app/modules/coaching/inbox.server.ts";
import { memberContext, reminderName } from "#app/modules/coaching/member-context.server.ts";
import { listSavedReplies } from "#app/modules/coaching/saved-replies.server.ts";
import { formatBoxDate } from "#app/modules/subscriptions/box-dates.ts";
import { adminMeta, type AdminHandle } from "#app/components/admin/admin-page.ts";
import type { Route } from "./+types/coach-thread";

export const meta = () => adminMeta("Coach question");

export const handle: AdminHandle = {
  trail: {
    to: paths.adminCoach,
    label: "Coach inbox",
    here: (d: { member: { firstName: string } }) => `${d.member.firstName}'s question`,
  },
};

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

export default function CoachThreadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { thread, member, messages, context, replies, chosenReply, answerKey, noteKey } =
    loaderData;
  const busy = useNavigation().state === "submitting";
  const otherError =
    actionData && actionData.intent !== "answer" && actionData.intent !== "note"
      ? actionData.error
      : null;
  return (
    <>
      <CoachThreadHeader
        thread={thread}
        memberFirstName={member.firstName}
        assigneeName={loaderData.assigneeName}
        error={otherError}
        busy={busy}
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid gap-4 self-start">
          <CoachThreadMessages messages={messages} memberFirstName={member.firstName} busy={busy} />
          <p className="text-sm text-ink/70">
            {thread.shareConsent === true
              ? "The member agreed that a useful answer may be shared (without their name or photos)."
              : thread.shareConsent === false
                ? "The member asked that their question isn't shared."
                : "The member hasn't said whether their question may be shared."}
          </p>
          {thread.state !== "closed" ? (
            <CoachAnswerForm
              memberFirstName={member.firstName}
              replies={replies}
              chosenReply={chosenReply}
              answerKey={answerKey}
              refused={actionData}
              busy={busy}
            />
          ) : null}
          <CoachNoteForm noteKey={noteKey} refused={actionData} busy={busy} />
          <p>
            <Link to={paths.adminCoach} className="underline">
              Back to the inbox
            </Link>
          </p>
        </div>
        <CoachThreadContextPanel context={context} />
      </div>
    </>
  );
}
