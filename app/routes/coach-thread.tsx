// /coach/{id} (issue 41, ADR 070): one question to a coach, as its member reads it. Its member
// signed in reads and acts on it (reply, close, share or not); an admin reads it. The answer
// e-mail's signed link (?key=) opens it to anyone holding the link, read-only, with a link to sign
// in and reply; a visitor without a key is sent to sign in and comes back here.
import { data, redirect } from "react-router";
import { noindexMeta } from "#app/lib/seo.ts";
import { fieldErrors } from "#app/lib/outcome.ts";
import { paths } from "#app/lib/paths.ts";
import { respond } from "#app/lib/respond.server.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { loginUrl, requireUserReadingPost } from "#app/modules/accounts/require-user.server.ts";
import {
  chosenPhotos,
  COACH_TOPIC_LABELS,
  consentSchema,
  replySchema,
} from "#app/modules/coaching/coaching.schema.ts";
import {
  canSeeThread,
  closeThread,
  getMemberThread,
  limitCoachPosts,
  replyToThread,
  setShareConsent,
  threadOfKey,
} from "#app/modules/coaching/member-thread.server.ts";
import {
  AnswerPromise,
  CloseForm,
  ConsentForm,
  ReplyForm,
  SignInToReply,
  StateBadge,
  ThreadMessages,
  type ThreadAnswer,
} from "#app/modules/coaching/member-thread-view.tsx";
import { encodeCoachPhotos } from "#app/modules/coaching/photos.server.ts";
import { loadPlantLibrary } from "#app/modules/garden/plant-library.server.ts";
import type { Route } from "./+types/coach-thread";

export const meta = () => noindexMeta("Your question to a coach");

export async function loader({ request, params }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("key");
  const { user } = await getCurrentUser(request);
  const thread = await getMemberThread(params.threadId);
  const byKey = thread ? threadOfKey(thread.id, key) : false;
  const seen = thread && canSeeThread(user, thread);
  if (!thread || (!seen && !byKey)) {
    if (!user) throw redirect(loginUrl(request));
    throw data(null, { status: 404 });
  }
  const owner = user?.id === thread.userId;
  const plant = thread.plantId
    ? loadPlantLibrary().find((p) => p.id === thread.plantId)
    : undefined;
  return {
    thread: { ...thread, plantName: plant?.name ?? null },
    owner,
    signedIn: Boolean(user),
    // A photo's address carries the key only for a reader who is let in by the key alone.
    photoKey: !seen && byKey ? (key ?? undefined) : undefined,
    requestKey: crypto.randomUUID(),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUserReadingPost(request);
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  const answer = (message: string, extra: Partial<ThreadAnswer> = {}) =>
    ({ intent: String(intent), message, ...extra }) satisfies ThreadAnswer;
  if (!form) {
    const message = "We couldn't read that form. Please try again.";
    return respond(request, { ok: false, code: "invalid", message }, answer(message));
  }
  const here = paths.coachThread(params.threadId);
  if (intent === "close") {
    const outcome = await closeThread(params.threadId, user.id);
    return respond(request, outcome, answer(outcome.message ?? ""), { redirectTo: here });
  }
  if (intent === "consent") {
    const parsed = consentSchema.safeParse({ consent: form.get("consent") });
    if (!parsed.success) {
      const message = parsed.error.issues[0]!.message;
      return respond(request, { ok: false, code: "invalid", message }, answer(message));
    }
    const outcome = await setShareConsent(params.threadId, user.id, parsed.data.consent === "yes");
    return respond(request, outcome, answer(outcome.message ?? ""), { redirectTo: here });
  }
  if (intent !== "reply") {
    const message = "Choose what to do: reply, close or answer the question about sharing.";
    return respond(request, { ok: false, code: "invalid", message }, answer(message));
  }
  const limited = await limitCoachPosts(user.id);
  if (limited) return respond(request, limited, answer(limited.message));
  const parsed = replySchema.safeParse({
    requestKey: form.get("requestKey") ?? undefined,
    body: form.get("body") ?? undefined,
  });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const message = Object.values(errors)[0] ?? "Check the form.";
    return respond(
      request,
      { ok: false, code: "invalid", message },
      answer(message, { fieldErrors: errors }),
    );
  }
  const encoded = await encodeCoachPhotos(chosenPhotos(form.getAll("photos")));
  if (!encoded.ok)
    return respond(
      request,
      { ok: false, code: "invalid", message: encoded.message },
      answer(encoded.message, { fieldErrors: { photos: encoded.message } }),
    );
  const outcome = await replyToThread({
    threadId: params.threadId,
    userId: user.id,
    body: parsed.data.body,
    requestKey: parsed.data.requestKey,
    photos: encoded.photos,
  });
  return respond(request, outcome, answer(outcome.message ?? ""), { redirectTo: here });
}

export default function CoachThread({ loaderData, actionData }: Route.ComponentProps) {
  const { thread, owner, signedIn, photoKey, requestKey } = loaderData;
  const answer = actionData ?? undefined;
  const asked =
    thread.gardenSquare !== null
      ? `About ${thread.plantName ? `the ${thread.plantName} in ` : ""}square ${thread.gardenSquare + 1} of your garden`
      : thread.source === "box"
        ? "About your next box"
        : thread.educationPath
          ? `From the growing guide at ${thread.educationPath}`
          : null;
  return (
    <div className="container-page pt-28 pb-20 md:pt-36">
      <p>
        <a href={paths.coach} className="text-leaf-dark underline underline-offset-4">
          Your questions
        </a>
      </p>
      <h1 className="mt-2 text-4xl font-bold">{COACH_TOPIC_LABELS[thread.topic]}</h1>
      <div className="mt-3 flex flex-col gap-2 text-lg" data-testid="coach-state">
        <p>
          <StateBadge state={thread.state} />
        </p>
        <AnswerPromise state={thread.state} dueAt={thread.dueAt} />
        {asked && <p className="text-base text-ink/75">{asked}</p>}
      </div>
      <div className="mt-8 flex max-w-3xl flex-col gap-6">
        <ThreadMessages messages={thread.messages} photoKey={photoKey} />
        {owner && thread.firstAnsweredAt && thread.shareConsent === null && (
          <ConsentForm answer={answer} />
        )}
        {owner && thread.state !== "closed" && (
          <>
            <section className="rounded-3xl bg-white p-5 shadow-sm sm:p-6">
              <ReplyForm key={requestKey} requestKey={requestKey} answer={answer} />
            </section>
            <CloseForm />
          </>
        )}
        {!owner && !signedIn && <SignInToReply threadId={thread.id} />}
      </div>
    </div>
  );
}
