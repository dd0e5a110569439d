// A coach's thread, its messages in order: the member's (with their photos, served by the member
// side's /coach/photos/:id), coaches' answers (each with "Useful for everyone"), and internal
// notes marked as only coaches see them.
import { Form } from "react-router";
import { panel } from "./coach-thread-classes.ts";

export interface CoachThreadMessage {
  id: string;
  kind: "member" | "coach" | "note";
  authorName: string | null;
  body: string;
  via: string;
  usefulForEveryone: boolean;
  photoIds: string[];
  /** When it was written, in words. */
  when: string;
}

export function CoachThreadMessages({
  messages,
  memberFirstName,
  busy,
}: {
  messages: CoachThreadMessage[];
  memberFirstName: string;
  busy: boolean;
}) {
  return (
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
              ? `${memberFirstName}${m.via === "text" ? " (by text)" : ""}`
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
                    alt={`${memberFirstName}'s photo ${i + 1}`}
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
  );
}
