// /auth/convert: 'Convert from Waitlist' (SPEC §2), an account for someone already on the
// waitlist, bringing across their region, growing space and survey answers.
import { convertWaitlist } from "#app/modules/accounts/convert-waitlist.server.ts";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import {
  answerOutcome,
  readPosted,
  redirectToOf,
  sendSignedInOn,
  unknownIntent,
} from "./auth-action.server.ts";
import { authHref } from "./auth-paths.ts";
import { AccountForm } from "./account-form.tsx";
import { AuthCard, DonePanel, useAnswerToasts, useBusy, type ActionAnswer } from "./auth-ui.tsx";
import type { AuthHandle } from "./layout.tsx";
import type { Route } from "./+types/convert";

export const handle: AuthHandle = { heading: "Convert from Waitlist", tab: "convert" };

export const headers = retryAfterHeader;

export const meta = () => [
  { title: "Convert from Waitlist | Patch" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await sendSignedInOn(request);
  return { redirectTo: redirectToOf(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { intent, values, meta, redirectTo } = await readPosted(request, context);
  if (intent !== "convert") return unknownIntent(intent);
  return answerOutcome(
    { request, intent, values },
    await convertWaitlist(values, meta, redirectTo),
  );
}

export default function Convert({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  useAnswerToasts(answer);
  const busy = useBusy();
  return (
    <AuthCard>
      {answer?.ok ? (
        <DonePanel answer={answer} backTo={authHref("sign-in", redirectTo)} />
      ) : (
        <AccountForm
          intent="convert"
          submit="Convert from Waitlist"
          answer={answer}
          redirectTo={redirectTo}
          busy={busy}
        >
          <p className="text-sm text-ink/70">
            Joined our waitlist? Create your account with the same email and we'll bring across your
            region, growing space and survey answers.
          </p>
        </AccountForm>
      )}
    </AuthCard>
  );
}
