// Outside production: the jobs queued to run later (a gift's e-mail on the day its buyer chose, an
// unpaid order's expiry), each with a button that makes it due now, so people trying the site can
// see what a later day brings without waiting for it. The workers then run it as they would have at
// its time. Only with the development key (app/lib/dev-tools-gate.server.ts), like /_dev/mail.
import { noindexMeta } from "#app/lib/seo.ts";
import { data, Form } from "react-router";
import { db } from "#app/lib/db.server.ts";
import { requireDevTools } from "#app/lib/dev-tools-gate.server.ts";
import { listScheduledJobs, startJobNow } from "#app/lib/queue-jobs.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { z } from "#app/lib/zod.ts";
import type { Route } from "./+types/dev-jobs";

export const meta = () => noindexMeta("Dev jobs");

const when = new Intl.DateTimeFormat("en-NZ", {
  timeZone: "Pacific/Auckland",
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
});

export async function loader({ request }: Route.LoaderArgs) {
  requireDevTools(request);
  const jobs = await listScheduledJobs(db());
  return {
    jobs: jobs.map((j) => ({
      id: j.id,
      name: j.name,
      at: `${when.format(j.startAfter)} (New Zealand)`,
      data: JSON.stringify(j.data),
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  requireDevTools(request);
  const form = await request.formData();
  const id = z.uuid().safeParse(form.get("jobId"));
  if (!id.success) return data({ message: "No such job." }, { status: 400 });
  const started = await startJobNow(db(), id.data);
  if (!started) return data({ message: "That job isn't waiting any more." }, { status: 409 });
  throw await redirectWithToast(request, "/_dev/jobs", {
    type: "success",
    message: "The job is due now: a worker runs it within a few seconds.",
  });
}

export default function DevJobs({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="container-page pt-28 pb-20">
      <h1 className="text-3xl font-bold">Dev jobs</h1>
      <p className="mt-2 text-ink/70">
        Jobs queued to run later, soonest first. &lsquo;Run now&rsquo; makes one due at once. Not
        available in production.
      </p>
      {actionData ? (
        <p role="alert" className="mt-4 font-semibold text-clay-dark">
          {actionData.message}
        </p>
      ) : null}
      {loaderData.jobs.length === 0 ? (
        <p className="mt-8">No jobs are waiting.</p>
      ) : (
        <ul className="mt-8 space-y-4">
          {loaderData.jobs.map((j) => (
            <li
              key={j.id}
              className="flex flex-wrap items-center gap-4 rounded-2xl bg-white p-5 shadow-sm"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{j.name}</p>
                <p className="text-sm text-ink/70">Due {j.at}</p>
                <p className="mt-1 font-mono text-sm break-all text-ink/70">{j.data}</p>
              </div>
              <Form method="post">
                <input type="hidden" name="jobId" value={j.id} />
                <button type="submit" className="btn-secondary">
                  Run now
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
