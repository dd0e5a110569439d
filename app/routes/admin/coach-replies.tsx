// /admin/coach/replies (admins only, issue 41): the coaches' saved replies, each editable in place,
// and a form to add one. Coaches who are not admins use them on a question but don't change them.
import { data, Form, useNavigation } from "react-router";
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
import { adminMeta, type AdminHandle } from "./admin-page.ts";
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
    return data({ id: id ?? "new", error: parsed.error.issues[0]!.message }, { status: 400 });
  const saved = await saveReply(parsed.data);
  if (!saved.ok) return data({ id: id ?? "new", error: saved.message }, { status: saved.status });
  return redirectWithToast(request, paths.adminCoachReplies, {
    type: "success",
    message: id ? "Saved reply changed." : "Saved reply added.",
  });
}

const field =
  "mt-1 w-full rounded-xl border border-ink/20 bg-white px-4 py-2 text-base font-normal";

function ReplyForm({
  reply,
  error,
  busy,
}: {
  reply?: { id: string; title: string; topic: string; body: string };
  error?: string | null;
  busy: boolean;
}) {
  const key = reply?.id ?? "new";
  return (
    <Form method="post" className="grid gap-2">
      {reply ? <input type="hidden" name="id" value={reply.id} /> : null}
      <label className="font-semibold">
        Title
        <input name="title" required maxLength={80} defaultValue={reply?.title} className={field} />
      </label>
      <label className="font-semibold">
        Topic
        <select name="topic" defaultValue={reply?.topic ?? "other"} className={`${field} min-h-11`}>
          {COACH_TOPICS.map((t) => (
            <option key={t} value={t}>
              {TOPIC_NAMES[t]}
            </option>
          ))}
        </select>
      </label>
      <label className="font-semibold">
        Reply
        <textarea
          name="body"
          required
          maxLength={4000}
          rows={7}
          defaultValue={reply?.body}
          className={field}
        />
      </label>
      {error ? (
        <p role="alert" className="font-semibold text-clay-dark" id={`error-${key}`}>
          {error}
        </p>
      ) : null}
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
  const errorFor = (id: string) => (actionData?.id === id ? actionData.error : null);
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
        <ReplyForm error={errorFor("new")} busy={busy} />
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
          <ReplyForm reply={r} error={errorFor(r.id)} busy={busy} />
        </details>
      ))}
    </>
  );
}
