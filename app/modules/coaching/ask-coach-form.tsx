// The ask-a-coach form (issue 41, ADR 070): what it is about, the question, up to three photos from
// the phone's camera or library, and where it was asked from (hidden, prefilled by the link that
// brought the member: a garden square, the next box, a growing guide). A plain multipart form: it
// posts without JavaScript, and with it the router sends the same form data.
import { Form, useNavigation } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { FormField, FormMessage, fieldAria } from "#app/components/ui/form-field.tsx";
import {
  COACH_TOPIC_LABELS,
  COACH_TOPICS,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_COUNT,
  QUESTION_MAX,
  type AskSource,
} from "./coaching.schema.ts";

export interface AskPrefill {
  source: AskSource;
  topic?: string;
  gardenSquare?: number;
  plantId?: string;
  /** Said above the form: "About the Cherry tomato in row 1, square 2 of your garden". */
  about?: string;
  educationPath?: string;
  body?: string;
}

export interface AskAnswer {
  message: string;
  fieldErrors?: Record<string, string>;
  values?: { topic?: string; body?: string };
}

export function AskCoachForm({
  prefill,
  requestKey,
  answer,
}: {
  prefill: AskPrefill;
  requestKey: string;
  answer?: AskAnswer;
}) {
  const busy = useNavigation().formData?.get("intent") === "ask";
  const errors = answer?.fieldErrors;
  const topic = answer?.values?.topic ?? prefill.topic ?? "";
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="flex flex-col gap-5"
      noValidate
      aria-labelledby="ask-heading"
    >
      <input type="hidden" name="intent" value="ask" />
      <input type="hidden" name="requestKey" value={requestKey} />
      <input type="hidden" name="source" value={prefill.source} />
      {prefill.gardenSquare !== undefined && (
        <input type="hidden" name="gardenSquare" value={prefill.gardenSquare} />
      )}
      {prefill.plantId && <input type="hidden" name="plantId" value={prefill.plantId} />}
      {prefill.educationPath && (
        <input type="hidden" name="educationPath" value={prefill.educationPath} />
      )}
      <ErrorSummary errors={errors} />
      {answer && !errors ? <FormMessage tone="error">{answer.message}</FormMessage> : null}
      {prefill.about && <p className="font-semibold text-leaf-dark">{prefill.about}</p>}
      <fieldset className="flex flex-col gap-2" {...fieldAria("topic", errors?.topic)}>
        <legend className="font-semibold">What is it about?</legend>
        <div className="flex flex-wrap gap-2">
          {COACH_TOPICS.map((t) => (
            <label
              key={t}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-ink/20 bg-white px-3 py-2 has-checked:border-leaf has-checked:bg-leaf/10"
            >
              <input
                type="radio"
                name="topic"
                value={t}
                defaultChecked={topic === t}
                id={t === COACH_TOPICS[0] ? "topic" : undefined}
              />
              {COACH_TOPIC_LABELS[t]}
            </label>
          ))}
        </div>
        {errors?.topic && (
          <p id="topic-error" className="text-sm font-medium text-clay-dark">
            {errors.topic}
          </p>
        )}
      </fieldset>
      <FormField
        id="body"
        label="Your question"
        error={errors?.body}
        hint="What you see, since when, and what you have tried. A coach who knows your box, your garden and your town's frost dates answers."
      >
        <textarea
          id="body"
          name="body"
          rows={6}
          maxLength={QUESTION_MAX}
          defaultValue={answer?.values?.body ?? prefill.body ?? ""}
          className="rounded-xl border border-ink/20 bg-white px-4 py-3 text-base aria-invalid:border-clay-dark"
          {...fieldAria("body", errors?.body, true)}
        />
      </FormField>
      <FormField
        id="photos"
        label="Photos (optional)"
        error={errors?.photos}
        hint={`Up to ${PHOTO_MAX_COUNT} photos, ${PHOTO_MAX_BYTES / 1048576} MB each: a close-up of the leaf and one of the whole plant help most. We remove where they were taken before we keep them.`}
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
          {busy ? "Sending…" : "Send to a coach"}
        </button>
      </div>
    </Form>
  );
}
