// A coach's two forms on a thread: the answer (a saved reply fills it: a select and "Use this
// reply", which without JavaScript reloads the page with the reply's text and with it fills the
// box in place), and the internal note only coaches see.
import { useRef } from "react";
import { Form } from "react-router";
import { field, panel } from "./coach-thread-classes.ts";
import { TOPIC_NAMES } from "./inbox.schema.ts";

export interface SavedReplyOption {
  id: string;
  title: string;
  topic: keyof typeof TOPIC_NAMES;
  body: string;
}

/** What the page's action answered to a refused form: the intent, the error and what was typed. */
export interface CoachThreadRefusal {
  intent: string;
  error: string;
  body?: string;
}

export function CoachAnswerForm({
  memberFirstName,
  replies,
  chosenReply,
  answerKey,
  refused,
  busy,
}: {
  memberFirstName: string;
  replies: SavedReplyOption[];
  chosenReply: string | null;
  answerKey: string;
  refused?: CoachThreadRefusal;
  busy: boolean;
}) {
  const answerBox = useRef<HTMLTextAreaElement>(null);
  const pickBox = useRef<HTMLSelectElement>(null);
  const chosen = replies.find((r) => r.id === chosenReply);
  const answerError = refused?.intent === "answer" ? refused.error : null;
  return (
    <section className={panel} aria-labelledby="answer-heading">
      <h2 id="answer-heading" className="text-xl font-bold">
        Answer {memberFirstName}
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
          <select name="reply" ref={pickBox} defaultValue={chosenReply ?? ""} className={field}>
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
          defaultValue={refused?.intent === "answer" ? (refused.body ?? "") : (chosen?.body ?? "")}
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
  );
}

export function CoachNoteForm({
  noteKey,
  refused,
  busy,
}: {
  noteKey: string;
  refused?: CoachThreadRefusal;
  busy: boolean;
}) {
  const noteError = refused?.intent === "note" ? refused.error : null;
  return (
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
          defaultValue={refused?.intent === "note" ? (refused.body ?? "") : ""}
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
  );
}
