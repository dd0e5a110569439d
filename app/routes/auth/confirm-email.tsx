// /auth/confirm-email?token=…: the confirmation link opened away from the browser that signed up.
// Its opener, the mailbox's owner, chooses the password (ADR 020). It works whoever is signed in.
import { Form, Link } from "react-router";
import { MESSAGES } from "#app/modules/accounts/accounts.schema.ts";
import {
  confirmEmailWithPassword,
  confirmLinkIsValid,
} from "#app/modules/accounts/confirm-email-with-password.server.ts";
import { FormMessage } from "#app/modules/accounts/form-field.tsx";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import { answerOutcome, readPosted, redirectToOf, unknownIntent } from "./auth-action.server.ts";
import { authHref } from "./auth-paths.ts";
import {
  AuthCard,
  NewPasswordField,
  SubmitButton,
  useAnswerToasts,
  useBusy,
  type ActionAnswer,
} from "./auth-ui.tsx";
import type { AuthHandle } from "./layout.tsx";
import type { Route } from "./+types/confirm-email";

export const handle: AuthHandle = { heading: "Confirm your email address" };

export const headers = retryAfterHeader;

export const meta = () => [
  { title: "Confirm your email address | Patch" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  return {
    redirectTo: redirectToOf(request),
    token,
    linkInvalid: !(await confirmLinkIsValid(token)) || Boolean(url.searchParams.get("error")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { intent, values, meta, redirectTo } = await readPosted(request, context);
  if (intent !== "confirm-email") return unknownIntent(intent);
  return answerOutcome(
    { request, intent, values },
    await confirmEmailWithPassword(values, meta, redirectTo),
  );
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, token, linkInvalid } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  useAnswerToasts(answer);
  const busy = useBusy();
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
        <Form method="post" className="flex flex-col gap-5" noValidate>
          <input type="hidden" name="intent" value="confirm-email" />
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
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
        </Form>
      )}
    </AuthCard>
  );
}
