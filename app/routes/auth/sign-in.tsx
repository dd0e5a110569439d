// /auth and /login: sign in with e-mail and password (then the authenticator code, when the
// account has two-factor on), or with Google or Apple. Works before JavaScript loads. The old
// one-page URLs (/auth?mode=forgot, …) are sent on to their mode's own page, and a post from a page
// of that time to another mode goes on to it (307 keeps the method and the form).
import { redirect } from "react-router";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import { PASSWORD_MAX } from "#app/modules/accounts/accounts.schema.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { signIn } from "#app/modules/accounts/sign-in.server.ts";
import { verifyTwoFactorSignIn } from "#app/modules/accounts/two-factor.server.ts";
import {
  answerIntents,
  socialPage,
  startSocial,
} from "#app/modules/accounts/auth/auth-action.server.ts";
import { AUTH_PATHS, authHref, authMeta } from "#app/modules/accounts/auth/auth-paths.ts";
import {
  AuthCard,
  AuthForm,
  EmailField,
  SocialButtons,
  SubmitButton,
  TextLink,
  useAuthAnswer,
} from "#app/modules/accounts/auth/auth-ui.tsx";
import type { AuthHandle } from "./layout.tsx";
import { TwoFactorStep } from "#app/modules/accounts/auth/two-factor-step.tsx";
import type { Route } from "./+types/sign-in";

export const handle: AuthHandle = { heading: "Welcome back", tab: "sign-in" };
// A refused form keeps its Retry-After (app/lib/retry-after-header.ts).
export const headers = retryAfterHeader;
export const meta = () => authMeta("Sign in");

export const loader = (args: Route.LoaderArgs) => socialPage(args, "sign-in");

/** Where the forms of the one-page time post now. */
const MOVED_INTENTS: Record<string, string> = {
  "sign-up": AUTH_PATHS["sign-up"],
  convert: AUTH_PATHS.convert,
  forgot: AUTH_PATHS.forgot,
  "reset-password": AUTH_PATHS["reset-password"],
  "confirm-email": AUTH_PATHS["confirm-email"],
  "phone-send": AUTH_PATHS.phone,
  "phone-verify": AUTH_PATHS.phone,
  "sign-out": "/auth/sign-out",
};

export const action = ({ request, context }: Route.ActionArgs) =>
  answerIntents(
    { request, context },
    { "sign-in": signIn, "two-factor": verifyTwoFactorSignIn },
    (posted) => {
      if (posted.intent === "social") return startSocial(posted);
      const moved = MOVED_INTENTS[posted.intent];
      return moved ? redirect(moved + new URL(request.url).search, 307) : undefined;
    },
  );

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { providers, redirectTo } = loaderData;
  const { answer, busy } = useAuthAnswer(actionData);
  // After the password: the code from the authenticator app (also after a wrong code).
  const twoFactorStep =
    answer?.intent === "two-factor" && (answer.ok || answer.fieldErrors?.code !== undefined);
  const current = answer?.intent === "sign-in" ? answer : undefined;
  const back = authHref("sign-in", redirectTo);
  return (
    <>
      <AuthCard done={current} backTo={back}>
        {twoFactorStep ? (
          <TwoFactorStep
            answer={answer.ok ? undefined : answer}
            redirectTo={redirectTo}
            busy={busy}
            backTo={back}
          />
        ) : (
          <AuthForm intent="sign-in" redirectTo={redirectTo} answer={current}>
            <EmailField answer={current} autoComplete="username" />
            <FormField
              id="password"
              name="password"
              type="password"
              label="Password"
              autoComplete="current-password"
              required
              maxLength={PASSWORD_MAX}
              error={current?.fieldErrors?.password}
            />
            <SubmitButton busy={busy}>Sign In</SubmitButton>
            <TextLink to={authHref("phone", redirectTo)}>
              Sign in with a text message instead
            </TextLink>
            <TextLink to={authHref("forgot", redirectTo)}>Forgot your password?</TextLink>
          </AuthForm>
        )}
      </AuthCard>
      <SocialButtons providers={providers} redirectTo={redirectTo} />
    </>
  );
}
