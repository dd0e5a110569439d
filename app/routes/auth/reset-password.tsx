// /auth/reset-password?token=…: where the password-reset e-mail's link lands (by way of
// /auth?mode=reset-password, the address the spec gives it): choose a new password. It works
// whoever is signed in.
import { Form } from "react-router";
import { MESSAGES } from "#app/modules/accounts/accounts.schema.ts";
import { FormMessage } from "#app/modules/accounts/form-field.tsx";
import { resetPassword } from "#app/modules/accounts/reset-password.server.ts";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import { answerOutcome, readPosted, redirectToOf, unknownIntent } from "./auth-action.server.ts";
import { authHref } from "./auth-paths.ts";
import {
  AuthCard,
  DonePanel,
  FormError,
  NewPasswordField,
  SubmitButton,
  TextLink,
  useAnswerToasts,
  useBusy,
  type ActionAnswer,
} from "./auth-ui.tsx";
import type { AuthHandle } from "./layout.tsx";
import type { Route } from "./+types/reset-password";

export const handle: AuthHandle = { heading: "Choose a new password" };

export const headers = retryAfterHeader;

export const meta = () => [
  { title: "Choose a new password | Patch" },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    redirectTo: redirectToOf(request),
    token: url.searchParams.get("token") ?? "",
    tokenError: url.searchParams.get("error"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { intent, values } = await readPosted(request, context);
  if (intent !== "reset-password") return unknownIntent(intent);
  return answerOutcome({ request, intent, values }, await resetPassword(values));
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, token, tokenError } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  useAnswerToasts(answer);
  const busy = useBusy();
  const back = authHref("sign-in", redirectTo);
  return (
    <AuthCard>
      {answer?.ok ? (
        <DonePanel answer={answer} backTo={back} />
      ) : (
        <Form method="post" className="flex flex-col gap-5" noValidate>
          <input type="hidden" name="intent" value="reset-password" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <FormError answer={answer} />
          {(!token || tokenError) && (
            <FormMessage tone="error">{MESSAGES.resetLinkInvalid}</FormMessage>
          )}
          <input type="hidden" name="token" value={token} />
          <NewPasswordField answer={answer} label="New password" />
          <SubmitButton busy={busy}>Set new password</SubmitButton>
          <TextLink to={back}>Back to sign in</TextLink>
        </Form>
      )}
    </AuthCard>
  );
}
