// /admin/coach/faq (admins only, issue 41, ADR 071): draft FAQ entries made from answers a coach
// marked "useful for everyone" where the member agreed to share; no names, no photos. Publish one
// and it shows on its education page under "Growers asked"; discard it and it never does.
import { data, Form, Link, useNavigation } from "react-router";
import { nzDateTime } from "#app/lib/nz-time.ts";
import { paths } from "#app/lib/paths.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { formString } from "#app/modules/checkout/checkout.schema.ts";
import { threadIdSchema } from "#app/modules/coaching/answer.schema.ts";
import { decideFaqDraft, listFaqDrafts } from "#app/modules/coaching/faq-drafts.server.ts";
import { adminMeta, type AdminHandle } from "#app/components/admin/admin-page.ts";
import type { Route } from "./+types/coach-faq";

export const meta = () => adminMeta("FAQ drafts");
export const handle: AdminHandle = {
  narrow: true,
  trail: { to: paths.adminCoach, label: "Coach inbox", here: "FAQ drafts" },
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [drafts, published] = await Promise.all([
    listFaqDrafts("draft"),
    listFaqDrafts("published"),
  ]);
  const show = (d: (typeof drafts)[number]) => ({
    id: d.id,
    educationPath: d.educationPath,
    question: d.question,
    answer: d.answer,
    when: nzDateTime(d.publishedAt ?? d.createdAt),
  });
  return { drafts: drafts.map(show), published: published.map(show) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const id = threadIdSchema.safeParse(formString(form, "id"));
  const intent = formString(form, "intent");
  if (!id.success || (intent !== "publish" && intent !== "discard"))
    return data({ error: "Choose a draft to publish or discard." }, { status: 400 });
  const decided = await decideFaqDraft(id.data, intent);
  if (!decided)
    return data({ error: "That draft was published or discarded already." }, { status: 409 });
  return redirectWithToast(request, paths.adminCoachFaq, {
    type: "success",
    message: intent === "publish" ? "Published on its education page." : "Draft discarded.",
  });
}

export default function CoachFaq({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">FAQ drafts</h1>
      <p className="mt-2 text-ink/70">
        Answers a coach marked useful for everyone, from members who agreed to share them. Names and
        photos are taken out; read each before publishing.
      </p>
      {actionData?.error ? (
        <p role="alert" className="mt-3 font-semibold text-clay-dark">
          {actionData.error}
        </p>
      ) : null}
      {loaderData.drafts.length === 0 ? <p className="mt-6">No drafts waiting.</p> : null}
      {loaderData.drafts.map((d) => (
        <article
          key={d.id}
          className="mt-4 rounded-2xl bg-white p-5 shadow-sm [overflow-wrap:anywhere]"
        >
          <p className="text-sm text-ink/70">
            For{" "}
            <Link className="underline" to={d.educationPath}>
              {d.educationPath}
            </Link>{" "}
            · {d.when}
          </p>
          <h2 className="mt-2 font-bold whitespace-pre-line">{d.question}</h2>
          <p className="mt-2 whitespace-pre-line">{d.answer}</p>
          <Form method="post" className="mt-3 flex gap-2">
            <input type="hidden" name="id" value={d.id} />
            <button
              type="submit"
              name="intent"
              value="publish"
              className="btn-primary"
              disabled={busy}
            >
              Publish
            </button>
            <button
              type="submit"
              name="intent"
              value="discard"
              className="btn-secondary"
              disabled={busy}
            >
              Discard
            </button>
          </Form>
        </article>
      ))}
      {loaderData.published.length ? (
        <>
          <h2 className="mt-8 text-2xl font-bold">Published</h2>
          <ul className="mt-2 grid gap-2">
            {loaderData.published.map((d) => (
              <li key={d.id}>
                <Link className="underline" to={d.educationPath}>
                  {d.educationPath}
                </Link>
                : {d.question.slice(0, 100)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
