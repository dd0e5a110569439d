// /signup: create an account with e-mail and password (SPEC §4: what the visitor told us before
// starts their profile), or with Google or Apple. Works before JavaScript loads.
import { redirect } from "react-router";
import { signUp } from "#app/modules/accounts/sign-up.server.ts";
import { socialProviders } from "#app/modules/accounts/start-social-sign-in.server.ts";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import {
  answerOutcome,
  readPosted,
  redirectToOf,
  sendSignedInOn,
  startSocial,
  unknownIntent,
} from "./auth-action.server.ts";
import { authHref, movedMode } from "./auth-paths.ts";
import { AccountForm } from "./account-form.tsx";
import {
  AuthCard,
  DonePanel,
  SocialButtons,
  useAnswerToasts,
  useBusy,
  type ActionAnswer,
} from "./auth-ui.tsx";
import type { AuthHandle } from "./layout.tsx";
import type { Route } from "./+types/sign-up";

export const handle: AuthHandle = { heading: "Create your account", tab: "sign-up" };

export const headers = retryAfterHeader;

export const meta = () => [
  { title: "Create an account | Patch" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const moved = movedMode(new URL(request.url), "sign-up");
  if (moved) throw redirect(moved);
  await sendSignedInOn(request);
  return { providers: socialProviders(), redirectTo: redirectToOf(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readPosted(request, context);
  const { intent, values, meta, redirectTo } = posted;
  if (intent === "sign-up")
    return answerOutcome({ request, intent, values }, await signUp(values, meta, { redirectTo }));
  if (intent === "social") return startSocial(posted);
  return unknownIntent(intent);
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { providers, redirectTo } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  useAnswerToasts(answer);
  const busy = useBusy();
  const current = answer?.intent === "sign-up" ? answer : undefined;
  return (
    <>
      <AuthCard>
        {current?.ok ? (
          <DonePanel answer={current} backTo={authHref("sign-in", redirectTo)} />
        ) : (
          <AccountForm
            intent="sign-up"
            submit="Create Account"
            answer={current}
            redirectTo={redirectTo}
            busy={busy}
          />
        )}
      </AuthCard>
      <SocialButtons providers={providers} redirectTo={redirectTo} />
    </>
  );
}
