// The top of a coach's thread: who asked about what, its state (how long it has waited, when it
// is due or that it is overdue, who has taken it), and "I'll take this" and "Close".
import { Form } from "react-router";
import { TOPIC_NAMES } from "./inbox.schema.ts";

const STATE_WORDS = {
  waiting: "Waiting for a coach",
  answered: "Answered",
  closed: "Closed",
} as const;

export interface CoachThreadSummary {
  topic: keyof typeof TOPIC_NAMES;
  state: keyof typeof STATE_WORDS;
  mine: boolean;
  assigned: boolean;
  waited: string | null;
  due: string | null;
  overdue: boolean;
}

export function CoachThreadHeader({
  thread,
  memberFirstName,
  assigneeName,
  error,
  busy,
}: {
  thread: CoachThreadSummary;
  memberFirstName: string;
  assigneeName: string | null;
  /** A refused take, close or mark, said under the state. */
  error: string | null;
  busy: boolean;
}) {
  return (
    <>
      <h1 className="mt-2 text-3xl font-bold [overflow-wrap:anywhere] sm:text-4xl">
        {memberFirstName}: {TOPIC_NAMES[thread.topic]}
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
        {assigneeName
          ? thread.mine
            ? "Taken by you"
            : `Taken by ${assigneeName}`
          : "Not taken yet"}
      </p>
      {error ? (
        <p role="alert" className="mt-3 font-semibold text-clay-dark">
          {error}
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
    </>
  );
}
