// /signup: create an account with e-mail and password (SPEC §4: what the visitor told us before
// starts their profile), or with Google or Apple. Works before JavaScript loads.
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import { signUp } from "#app/modules/accounts/sign-up.server.ts";
import {
  answerIntents,
  socialPage,
  startSocial,
} from "#app/modules/accounts/auth/auth-action.server.ts";
import { authMeta } from "#app/modules/accounts/auth/auth-paths.ts";
import { SignUpCard } from "#app/modules/accounts/auth/sign-up-card.tsx";
import type { AuthHandle } from "./layout.tsx";
import type { Route } from "./+types/sign-up";

export const handle: AuthHandle = { heading: "Create your account", tab: "sign-up" };
export const headers = retryAfterHeader;
export const meta = () => authMeta("Create an account");

export const loader = (args: Route.LoaderArgs) => socialPage(args, "sign-up");

export const action = (args: Route.ActionArgs) =>
  answerIntents(args, { "sign-up": signUp }, (posted) =>
    posted.intent === "social" ? startSocial(posted) : undefined,
  );

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignUpCard
      redirectTo={loaderData.redirectTo}
      providers={loaderData.providers}
      actionData={actionData}
    />
  );
}
