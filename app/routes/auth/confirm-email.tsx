// /auth/confirm-email?token=…: the confirmation link opened away from the browser that signed up.
// Its opener, the mailbox's owner, chooses the password (ADR 020). It works whoever is signed in.
import { Link } from "react-router";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import { MESSAGES } from "#app/modules/accounts/accounts.schema.ts";
import {
  confirmEmailWithPassword,
  confirmLinkIsValid,
} from "#app/modules/accounts/confirm-email-with-password.server.ts";
import { FormMessage } from "#app/components/ui/form-field.tsx";
import { answerIntents, redirectToOf } from "#app/modules/accounts/auth/auth-action.server.ts";
import { authHref, authMeta } from "#app/modules/accounts/auth/auth-paths.ts";
import {
  AuthCard,
  AuthForm,
  NewPasswordField,
  SubmitButton,
  useAuthAnswer,
} from "#app/modules/accounts/auth/auth-ui.tsx";
import type { AuthHandle } from "./layout.tsx";
import type { Route } from "./+types/confirm-email";

export const handle: AuthHandle = { heading: "Confirm your email address" };
export const headers = retryAfterHeader;
export const meta = () => authMeta("Confirm your email address");

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  return {
    redirectTo: redirectToOf(request),
    token,
    linkInvalid: !(await confirmLinkIsValid(token)) || Boolean(url.searchParams.get("error")),
  };
}

export const action = (args: Route.ActionArgs) =>
  answerIntents(args, { "confirm-email": confirmEmailWithPassword });

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, token, linkInvalid } = loaderData;
  const { answer, busy } = useAuthAnswer(actionData);
  const failed = answer && !answer.ok ? answer : undefined;
  return (
    <AuthCard>
      {linkInvalid || (failed && !failed.fieldErrors && !failed.passwordProblems) ? (
        <div className="flex flex-col gap-5">
          <FormMessage tone="error">{failed?.message ?? MESSAGES.confirmLinkInvalid}</FormMessage>
          <Link to={authHref("sign-in", redirectTo)} className="btn-secondary">
            Back to sign in
          </Link>
        </div>
      ) : (
        <AuthForm intent="confirm-email" redirectTo={redirectTo} answer={failed}>
          <input type="hidden" name="token" value={token} />
          <p className="text-sm text-ink/80">
            To finish, choose the password for your account. It can be the one you chose when you
            signed up.
          </p>
          <p className="text-sm text-ink/70">
            Didn't create this account yourself? Choosing a password here makes it yours: any
            password set before now stops working.
          </p>
          <NewPasswordField answer={failed} />
          <SubmitButton busy={busy}>Confirm and sign in</SubmitButton>
        </AuthForm>
      )}
    </AuthCard>
  );
}
