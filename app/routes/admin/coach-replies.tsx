// /admin/coach/replies (admins only, issue 41): the coaches' saved replies, each editable in place,
// and a form to add one. Coaches who are not admins use them on a question but don't change them.
import { data, Form, useNavigation } from "react-router";
import { FormProblems } from "#app/components/ui/form-problems.tsx";
import { fieldAria } from "#app/components/ui/form-field.tsx";
import { fieldErrors } from "#app/lib/outcome.ts";
import { paths } from "#app/lib/paths.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { formString } from "#app/modules/checkout/checkout.schema.ts";
import { COACH_TOPICS, TOPIC_NAMES } from "#app/modules/coaching/inbox.schema.ts";
import {
  listSavedReplies,
  saveReply,
  savedReplySchema,
} from "#app/modules/coaching/saved-replies.server.ts";
import { adminMeta, type AdminHandle } from "#app/components/admin/admin-page.ts";
import type { Route } from "./+types/coach-replies";

export const meta = () => adminMeta("Saved replies");
export const handle: AdminHandle = {
  narrow: true,
  trail: { to: paths.adminCoach, label: "Coach inbox", here: "Saved replies" },
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { replies: await listSavedReplies() };
}

/** A refused reply form: which one, why, and the fields it names (its error summary, issue 39). */
type ReplyAnswer = { id: string; error: string; fieldErrors?: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const id = formString(form, "id") || undefined;
  const parsed = savedReplySchema.safeParse({
    id,
    title: formString(form, "title") ?? "",
    topic: formString(form, "topic"),
    body: formString(form, "body") ?? "",
  });
  if (!parsed.success)
    return data<ReplyAnswer>(
      {
        id: id ?? "new",
        error: parsed.error.issues[0]!.message,
        fieldErrors: fieldErrors(parsed.error),
      },
      { status: 400 },
    );
  const saved = await saveReply(parsed.data);
  if (!saved.ok)
    return data<ReplyAnswer>({ id: id ?? "new", error: saved.message }, { status: saved.status });
  return redirectWithToast(request, paths.adminCoachReplies, {
    type: "success",
    message: id ? "Saved reply changed." : "Saved reply added.",
  });
}

const field =
  "mt-1 w-full rounded-xl border border-ink/20 bg-white px-4 py-2 text-base font-normal";

/** A field's own message, which its control names in aria-describedby (fieldAria). */
const FieldError = ({ id, error }: { id: string; error?: string }) =>
  error ? (
    <span id={`${id}-error`} className="block text-sm font-medium text-clay-dark">
      {error}
    </span>
  ) : null;

function ReplyForm({
  reply,
  answer,
  busy,
}: {
  reply?: { id: string; title: string; topic: string; body: string };
  answer?: ReplyAnswer | null;
  busy: boolean;
}) {
  const key = reply?.id ?? "new";
  const errors = answer?.fieldErrors ?? {};
  const ids = { title: `${key}-title`, topic: `${key}-topic`, body: `${key}-body` };
  return (
    <Form method="post" className="grid gap-2">
      {answer ? (
        <FormProblems error={answer.error} fieldErrors={answer.fieldErrors} fieldIds={ids} />
      ) : null}
      {reply ? <input type="hidden" name="id" value={reply.id} /> : null}
      <label className="font-semibold">
        Title
        <input
          id={ids.title}
          name="title"
          required
          maxLength={80}
          defaultValue={reply?.title}
          className={field}
          {...fieldAria(ids.title, errors.title)}
        />
        <FieldError id={ids.title} error={errors.title} />
      </label>
      <label className="font-semibold">
        Topic
        <select
          id={ids.topic}
          name="topic"
          defaultValue={reply?.topic ?? "other"}
          className={`${field} min-h-11`}
          {...fieldAria(ids.topic, errors.topic)}
        >
          {COACH_TOPICS.map((t) => (
            <option key={t} value={t}>
              {TOPIC_NAMES[t]}
            </option>
          ))}
        </select>
        <FieldError id={ids.topic} error={errors.topic} />
      </label>
      <label className="font-semibold">
        Reply
        <textarea
          id={ids.body}
          name="body"
          required
          maxLength={4000}
          rows={7}
          defaultValue={reply?.body}
          className={field}
          {...fieldAria(ids.body, errors.body)}
        />
        <FieldError id={ids.body} error={errors.body} />
      </label>
      <div>
        <button type="submit" className="btn-secondary" disabled={busy}>
          {reply ? "Save changes" : "Add reply"}
        </button>
      </div>
    </Form>
  );
}

export default function CoachReplies({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const answerFor = (id: string) => (actionData?.id === id ? actionData : null);
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Saved replies</h1>
      <p className="mt-2 text-ink/70">
        Answers coaches start from. Link the education article or monthly guide that says more.
      </p>
      <section className="mt-6 rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="new-reply">
        <h2 id="new-reply" className="text-xl font-bold">
          Add a reply
        </h2>
        <ReplyForm answer={answerFor("new")} busy={busy} />
      </section>
      {loaderData.replies.map((r) => (
        <details
          key={r.id}
          className="mt-3 rounded-2xl bg-white p-5 shadow-sm"
          open={actionData?.id === r.id}
        >
          <summary className="cursor-pointer font-bold">
            {TOPIC_NAMES[r.topic]}: {r.title}
          </summary>
          <ReplyForm reply={r} answer={answerFor(r.id)} busy={busy} />
        </details>
      ))}
    </>
  );
}
