// The notes on a record's admin page: newest first, each with who wrote it and when, and a form to
// add one about the record or, where it has one, about its member (shown on all their records).
import { Form, useNavigation } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import type { NoteSubject } from "#db/schema/index.ts";
import { NOTE_MAX, type Note } from "./notes.schema.ts";

const WRITTEN = new Intl.DateTimeFormat("en-NZ", {
  timeZone: "Pacific/Auckland",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

const ABOUT: Record<NoteSubject, string> = {
  member: "the member",
  order: "this order",
  subscription: "this subscription",
};

export function NotesPanel({
  notes,
  record,
  memberId,
  requestKey,
  error,
  fieldErrors,
}: {
  notes: Note[];
  record: { type: Exclude<NoteSubject, "member">; id: string };
  /** The record's member, when it has an account: notes about them can be added here too. */
  memberId: string | null;
  requestKey: string;
  error?: string | null;
  /** The refusal's fields (the note's body): the summary at the form's top lists them (issue 39). */
  fieldErrors?: Record<string, string> | null;
}) {
  const busy = useNavigation().formData?.get("intent") === "note";
  return (
    <section aria-labelledby="notes-heading" className="mt-8 rounded-2xl bg-white p-4 shadow-sm">
      <h2 id="notes-heading" className="text-xl font-bold">
        Notes
      </h2>
      {notes.length === 0 ? (
        <p className="mt-2 text-ink/75">No notes yet.</p>
      ) : (
        <ol className="mt-3 space-y-3" data-testid="notes">
          {notes.map((n) => (
            <li key={n.id} className="rounded-xl border border-ink/10 p-3">
              <p className="whitespace-pre-line [overflow-wrap:anywhere]">{n.body}</p>
              <p className="mt-1 text-sm text-ink/75">
                {n.authorEmail} · {WRITTEN.format(new Date(n.createdAt))} · about{" "}
                {ABOUT[n.subjectType]}
              </p>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" className="mt-4 grid gap-2">
        <ErrorSummary errors={fieldErrors} fieldIds={{ body: "note-body" }} />
        <input type="hidden" name="requestKey" value={requestKey} />
        <label htmlFor="note-body" className="font-semibold">
          Add a note
        </label>
        <textarea
          id="note-body"
          name="body"
          required
          maxLength={NOTE_MAX}
          rows={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "note-error" : undefined}
          className="rounded-lg border border-ink/20 p-2"
        />
        {error ? (
          <p
            id="note-error"
            role={fieldErrors?.body ? undefined : "alert"}
            className="font-semibold text-clay-dark"
          >
            {error}
          </p>
        ) : null}
        {memberId ? (
          <fieldset className="flex flex-wrap gap-4">
            <legend className="sr-only">The note is about</legend>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="subject"
                value={`${record.type}:${record.id}`}
                defaultChecked
              />
              About {ABOUT[record.type]}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="subject" value={`member:${memberId}`} />
              About the member (shown on all their records)
            </label>
          </fieldset>
        ) : (
          <input type="hidden" name="subject" value={`${record.type}:${record.id}`} />
        )}
        <div>
          <button
            type="submit"
            name="intent"
            value="note"
            disabled={busy}
            className="btn-secondary"
          >
            {busy ? "Adding..." : "Add note"}
          </button>
        </div>
      </Form>
    </section>
  );
}
