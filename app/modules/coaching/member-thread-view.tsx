// A member's thread (issue 41, ADR 070): the state in words, the promise with its due time, every
// question and answer in order with their photos, and what the member can do: reply (with photos),
// close the question, and once answered say whether the answer may be shared.
import { Form, Link, useNavigation } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { FormField, FormMessage, fieldAria } from "#app/components/ui/form-field.tsx";
import { nzDateTime } from "#app/lib/nz-time.ts";
import { paths } from "#app/lib/paths.ts";
import type { CoachThreadState } from "#db/schema/coaching.ts";
import {
  COACH_MESSAGES,
  COACH_STATE_WORDS,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_COUNT,
  QUESTION_MAX,
} from "./coaching.schema.ts";
import { formatDueBy } from "./due-by.ts";

export interface ThreadViewMessage {
  id: string;
  kind: "member" | "coach";
  authorName: string | null;
  body: string;
  via: string;
  createdAt: string | Date;
  photos: { id: string; width: number; height: number }[];
}

export interface ThreadAnswer {
  intent: string;
  message: string;
  fieldErrors?: Record<string, string>;
}

export function StateBadge({ state }: { state: CoachThreadState }) {
  const tone =
    state === "waiting"
      ? "bg-amber-100 text-amber-900"
      : state === "answered"
        ? "bg-leaf/15 text-leaf-dark"
        : "bg-ink/10 text-ink";
  return (
    <span className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${tone}`}>
      {COACH_STATE_WORDS[state]}
    </span>
  );
}

/** The promise, in plain words. */
export function AnswerPromise({
  state,
  dueAt,
}: {
  state: CoachThreadState;
  dueAt: string | Date | null;
}) {
  if (state === "waiting" && dueAt)
    return (
      <p data-testid="coach-promise">
        A coach will answer by <strong>{formatDueBy(dueAt)}</strong> (New Zealand time): within one
        working day, weekends and public holidays off.
      </p>
    );
  if (state === "answered")
    return <p>A coach has answered. Reply below if you have more to ask.</p>;
  return <p>This question is closed. You can always ask a new one.</p>;
}

export function ThreadMessages({
  messages,
  photoKey,
}: {
  messages: ThreadViewMessage[];
  photoKey?: string;
}) {
  return (
    <ol className="flex flex-col gap-4" aria-label="Questions and answers">
      {messages.map((m) => (
        <li
          key={m.id}
          className={`rounded-2xl p-4 shadow-sm sm:p-5 ${
            m.kind === "coach" ? "border-l-4 border-leaf bg-white" : "bg-cream"
          }`}
        >
          <p className="text-sm text-ink/75">
            <strong className="text-ink">
              {m.kind === "coach" ? (m.authorName ?? "Your Patch coach") : "You"}
            </strong>
            {m.via === "text" ? " by text" : ""} · {nzDateTime(m.createdAt)}
          </p>
          <p className="mt-2 whitespace-pre-line wrap-anywhere">{m.body}</p>
          {m.photos.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-2">
              {m.photos.map((p, i) => (
                <li key={p.id}>
                  <a href={paths.coachPhoto(p.id, photoKey)} target="_blank" rel="noreferrer">
                    <img
                      src={paths.coachPhoto(p.id, photoKey)}
                      width={p.width}
                      height={p.height}
                      alt={`Photo ${i + 1} with this message`}
                      loading="lazy"
                      className="h-32 w-auto rounded-lg object-cover sm:h-40"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

export function ReplyForm({ requestKey, answer }: { requestKey: string; answer?: ThreadAnswer }) {
  const busy = useNavigation().formData?.get("intent") === "reply";
  const mine = answer?.intent === "reply" ? answer : undefined;
  const errors = mine?.fieldErrors;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="flex flex-col gap-4"
      noValidate
      aria-labelledby="reply-heading"
    >
      <h2 id="reply-heading" className="text-xl font-bold">
        Reply
      </h2>
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="requestKey" value={requestKey} />
      <ErrorSummary errors={errors} />
      {mine && !errors ? <FormMessage tone="error">{mine.message}</FormMessage> : null}
      <FormField id="body" label="Your reply" error={errors?.body}>
        <textarea
          id="body"
          name="body"
          rows={4}
          maxLength={QUESTION_MAX}
          className="rounded-xl border border-ink/20 bg-white px-4 py-3 text-base aria-invalid:border-clay-dark"
          {...fieldAria("body", errors?.body)}
        />
      </FormField>
      <FormField
        id="photos"
        label="Photos (optional)"
        error={errors?.photos}
        hint={`Up to ${PHOTO_MAX_COUNT} photos, ${PHOTO_MAX_BYTES / 1048576} MB each.`}
      >
        <input
          id="photos"
          name="photos"
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          className="min-h-11 rounded-xl border border-ink/20 bg-white px-4 py-2 text-base file:mr-3 file:rounded-lg file:border-0 file:bg-leaf/10 file:px-3 file:py-1"
          {...fieldAria("photos", errors?.photos, true)}
        />
      </FormField>
      <div>
        <button type="submit" className="btn-primary min-h-11" disabled={busy}>
          {busy ? "Sending…" : "Send reply"}
        </button>
      </div>
    </Form>
  );
}

export function CloseForm() {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="close" />
      <button type="submit" className="btn-secondary min-h-11">
        Close this question
      </button>
    </Form>
  );
}

export function ConsentForm({ answer }: { answer?: ThreadAnswer }) {
  const mine = answer?.intent === "consent" ? answer : undefined;
  return (
    <Form method="post" className="rounded-2xl bg-white p-4 shadow-sm sm:p-5">
      <input type="hidden" name="intent" value="consent" />
      <fieldset className="flex flex-col gap-3">
        <legend className="font-semibold">{COACH_MESSAGES.consentQuestion}</legend>
        {mine ? <FormMessage tone="error">{mine.message}</FormMessage> : null}
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="consent" value="yes" className="btn-secondary min-h-11">
            Yes, share it
          </button>
          <button type="submit" name="consent" value="no" className="btn-secondary min-h-11">
            No, keep it private
          </button>
        </div>
      </fieldset>
    </Form>
  );
}

export function SignInToReply({ threadId }: { threadId: string }) {
  return (
    <p className="rounded-2xl bg-white p-4 shadow-sm">
      <Link
        to={`${paths.login}?redirectTo=${encodeURIComponent(paths.coachThread(threadId))}`}
        className="font-semibold text-leaf-dark underline underline-offset-4"
      >
        Sign in to reply
      </Link>{" "}
      or to close this question.
    </p>
  );
}
