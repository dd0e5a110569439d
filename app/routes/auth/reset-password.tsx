// /auth/reset-password?token=…: where the password-reset e-mail's link lands (by way of
// /auth?mode=reset-password, the address the spec gives it): choose a new password. It works
// whoever is signed in.
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import { MESSAGES } from "#app/modules/accounts/accounts.schema.ts";
import { FormMessage } from "#app/components/ui/form-field.tsx";
import { resetPassword } from "#app/modules/accounts/reset-password.server.ts";
import { answerIntents, redirectToOf } from "#app/modules/accounts/auth/auth-action.server.ts";
import { authHref, authMeta } from "#app/modules/accounts/auth/auth-paths.ts";
import {
  AuthCard,
  AuthForm,
  NewPasswordField,
  SubmitButton,
  TextLink,
  useAuthAnswer,
} from "#app/modules/accounts/auth/auth-ui.tsx";
import type { AuthHandle } from "./layout.tsx";
import type { Route } from "./+types/reset-password";

export const handle: AuthHandle = { heading: "Choose a new password" };
export const headers = retryAfterHeader;
export const meta = () => authMeta("Choose a new password");

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    redirectTo: redirectToOf(request),
    token: url.searchParams.get("token") ?? "",
    tokenError: url.searchParams.get("error"),
  };
}

export const action = (args: Route.ActionArgs) =>
  answerIntents(args, { "reset-password": ({ input }) => resetPassword(input) });

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, token, tokenError } = loaderData;
  const { answer, busy } = useAuthAnswer(actionData);
  const back = authHref("sign-in", redirectTo);
  return (
    <AuthCard done={answer} backTo={back}>
      <AuthForm intent="reset-password" redirectTo={redirectTo} answer={answer}>
        {(!token || tokenError) && (
          <FormMessage tone="error">{MESSAGES.resetLinkInvalid}</FormMessage>
        )}
        <input type="hidden" name="token" value={token} />
        <NewPasswordField answer={answer} label="New password" />
        <SubmitButton busy={busy}>Set new password</SubmitButton>
        <TextLink to={back}>Back to sign in</TextLink>
      </AuthForm>
    </AuthCard>
  );
}
