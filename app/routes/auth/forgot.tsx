// /auth/forgot: 'Forgot your password?', a reset link by e-mail. The same answer whether or not
// the address has an account.
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import { requestPasswordReset } from "#app/modules/accounts/request-password-reset.server.ts";
import { answerIntents, signedOutPage } from "#app/modules/accounts/auth/auth-action.server.ts";
import { authHref, authMeta } from "#app/modules/accounts/auth/auth-paths.ts";
import {
  AuthCard,
  AuthForm,
  EmailField,
  SubmitButton,
  TextLink,
  useAuthAnswer,
} from "#app/modules/accounts/auth/auth-ui.tsx";
import type { AuthHandle } from "./layout.tsx";
import type { Route } from "./+types/forgot";

export const handle: AuthHandle = { heading: "Forgot your password?" };
export const headers = retryAfterHeader;
export const meta = () => authMeta("Forgot your password");

export const loader = signedOutPage;

export const action = (args: Route.ActionArgs) =>
  answerIntents(args, { forgot: requestPasswordReset });

export default function Forgot({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const { answer, busy } = useAuthAnswer(actionData);
  const back = authHref("sign-in", redirectTo);
  return (
    <AuthCard done={answer} backTo={back}>
      <AuthForm intent="forgot" redirectTo={redirectTo} answer={answer}>
        <EmailField answer={answer} />
        <SubmitButton busy={busy}>Send reset link</SubmitButton>
        <TextLink to={back}>Back to sign in</TextLink>
      </AuthForm>
    </AuthCard>
  );
}
