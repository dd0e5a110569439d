// /coach (issue 41, ADR 070): the member's questions to a coach with their state, and the ask
// form, prefilled from where the member came (?ask=1&from=garden&square=4&plant=cherry-tomato, or
// from=box, or from=education&page=/education/slug-patrol). Signed in only: a visitor is sent to
// sign in and comes back here with the same prefill.
import { Link } from "react-router";
import { noindexMeta } from "#app/lib/seo.ts";
import { fieldErrors } from "#app/lib/outcome.ts";
import { paths } from "#app/lib/paths.ts";
import { respond } from "#app/lib/respond.server.ts";
import { requireUser, requireUserReadingPost } from "#app/modules/accounts/require-user.server.ts";
import {
  AskCoachForm,
  type AskAnswer,
  type AskPrefill,
} from "#app/modules/coaching/ask-coach-form.tsx";
import { askCoach } from "#app/modules/coaching/ask-coach.server.ts";
import {
  ASK_SOURCES,
  askCoachSchema,
  askInput,
  chosenPhotos,
  COACH_TOPIC_LABELS,
  type AskSource,
} from "#app/modules/coaching/coaching.schema.ts";
import { limitCoachPosts, listMemberThreads } from "#app/modules/coaching/member-thread.server.ts";
import { StateBadge } from "#app/modules/coaching/member-thread-view.tsx";
import { encodeCoachPhotos } from "#app/modules/coaching/photos.server.ts";
import { formatDueBy } from "#app/modules/coaching/due-by.ts";
import { loadPlantLibrary } from "#app/modules/garden/plant-library.server.ts";
import type { Route } from "./+types/coach";

export const meta = () => noindexMeta("Ask a coach");

function squareWords(square: number, plantName?: string): string {
  return plantName
    ? `About the ${plantName} in square ${square + 1} of your garden`
    : `About square ${square + 1} of your garden`;
}

function prefillFrom(url: URL): AskPrefill {
  const q = url.searchParams;
  const from = q.get("from") ?? "";
  const source: AskSource = (ASK_SOURCES as readonly string[]).includes(from)
    ? (from as AskSource)
    : "garden";
  const prefill: AskPrefill = { source };
  const topic = q.get("topic");
  if (topic && topic in COACH_TOPIC_LABELS) prefill.topic = topic;
  if (source === "garden") {
    const square = Number(q.get("square"));
    const plantId = q.get("plant") ?? "";
    const plant = /^[a-z0-9-]{1,64}$/.test(plantId)
      ? loadPlantLibrary().find((p) => p.id === plantId)
      : undefined;
    if (q.get("square") !== null && Number.isInteger(square) && square >= 0 && square < 400) {
      prefill.gardenSquare = square;
      prefill.about = squareWords(square, plant?.name);
    }
    if (plant) prefill.plantId = plant.id;
  } else if (source === "box") {
    prefill.about = "About your next box";
  } else {
    const page = q.get("page") ?? "";
    if (/^\/education\/[a-z0-9-]+(\/[a-z0-9-]+)?$/.test(page)) {
      prefill.educationPath = page;
      prefill.about = `About the growing guide at ${page}`;
    }
  }
  return prefill;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const threads = await listMemberThreads(user.id);
  return {
    threads,
    asking: url.searchParams.has("ask") || threads.length === 0,
    prefill: prefillFrom(url),
    requestKey: crypto.randomUUID(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUserReadingPost(request);
  const limited = await limitCoachPosts(user.id);
  if (limited) return respond(request, limited, { message: limited.message } as AskAnswer);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return respond(
      request,
      { ok: false, code: "invalid", message: "We couldn't read that form. Please try again." },
      { message: "We couldn't read that form. Please try again." } as AskAnswer,
    );
  }
  const raw = askInput(form);
  const values = {
    topic: typeof raw.topic === "string" ? raw.topic : undefined,
    body: typeof raw.body === "string" ? raw.body : undefined,
  };
  const parsed = askCoachSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return respond(
      request,
      { ok: false, code: "invalid", message: Object.values(errors)[0] ?? "Check the form." },
      { message: "Check the form.", fieldErrors: errors, values } satisfies AskAnswer,
    );
  }
  const encoded = await encodeCoachPhotos(chosenPhotos(form.getAll("photos")));
  if (!encoded.ok)
    return respond(request, { ok: false, code: "invalid", message: encoded.message }, {
      message: encoded.message,
      fieldErrors: { photos: encoded.message },
      values,
    } satisfies AskAnswer);
  const { source, ...input } = parsed.data;
  const outcome = await askCoach({ userId: user.id, input, photos: encoded.photos, source });
  if (!outcome.ok)
    return respond(request, outcome, { message: outcome.message, values } satisfies AskAnswer);
  return respond(request, outcome, null, { redirectTo: paths.coachThread(outcome.threadId) });
}

export default function Coach({ loaderData, actionData }: Route.ComponentProps) {
  const { threads, asking, prefill, requestKey } = loaderData;
  return (
    <div className="container-page pt-28 pb-20 md:pt-36">
      <h1 className="text-4xl font-bold">Ask a coach</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink/80">
        Year-round support from gardening coaches: ask about a pest, a thirsty plant, when to sow or
        when to pick. A coach answers within one working day (New Zealand time, weekends and public
        holidays off), knowing your box, your garden and your town&apos;s frost dates.
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
        <section
          id="ask"
          aria-labelledby="ask-heading"
          className="scroll-mt-28 rounded-3xl bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="ask-heading" className="text-2xl font-bold">
            Your question
          </h2>
          {asking || actionData ? (
            <div className="mt-4">
              <AskCoachForm
                prefill={prefill}
                requestKey={requestKey}
                answer={actionData ?? undefined}
              />
            </div>
          ) : (
            <p className="mt-4">
              <Link to={paths.coachAsk({ from: "garden" })} className="btn-primary min-h-11">
                Ask a new question
              </Link>
            </p>
          )}
        </section>
        <section aria-labelledby="questions-heading" className="flex flex-col gap-3">
          <h2 id="questions-heading" className="text-2xl font-bold">
            Your questions
          </h2>
          {threads.length === 0 ? (
            <p className="text-ink/80">You haven&apos;t asked anything yet.</p>
          ) : (
            <ul className="flex flex-col gap-3" data-testid="coach-threads">
              {threads.map((t) => (
                <li key={t.id} className="rounded-2xl bg-white p-4 shadow-sm">
                  <Link
                    to={paths.coachThread(t.id)}
                    className="font-semibold text-leaf-dark underline underline-offset-4 wrap-anywhere"
                  >
                    {t.question || COACH_TOPIC_LABELS[t.topic]}
                  </Link>
                  <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink/75">
                    <StateBadge state={t.state} />
                    {COACH_TOPIC_LABELS[t.topic]}
                    {t.state === "waiting" && t.dueAt ? ` · answer by ${formatDueBy(t.dueAt)}` : ""}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
