// /auth/phone: sign in with a text message. A code to the number verified on the profile, then
// the code; a new code on request.
import { Form } from "react-router";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import { FormField, FormMessage } from "#app/components/ui/form-field.tsx";
import { sendSignInCode, verifySignInCode } from "#app/modules/accounts/phone-sign-in.server.ts";
import { answerIntents, signedOutPage } from "#app/modules/accounts/auth/auth-action.server.ts";
import { authHref, authMeta } from "#app/modules/accounts/auth/auth-paths.ts";
import {
  AuthCard,
  AuthForm,
  SubmitButton,
  TextLink,
  useAuthAnswer,
} from "#app/modules/accounts/auth/auth-ui.tsx";
import type { AuthHandle } from "./layout.tsx";
import type { Route } from "./+types/phone";

export const handle: AuthHandle = { heading: "Welcome back", tab: null };
export const headers = retryAfterHeader;
export const meta = () => authMeta("Sign in with a text message");

export const loader = signedOutPage;

export const action = (args: Route.ActionArgs) =>
  answerIntents(args, { "phone-send": sendSignInCode, "phone-verify": verifySignInCode });

export default function PhoneSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const { answer, busy } = useAuthAnswer(actionData);
  // The code step: after a code was sent, or after a wrong code.
  const codeStep =
    (answer?.intent === "phone-send" && answer.ok) ||
    (answer?.intent === "phone-verify" && !answer.ok);
  const phone = answer?.values?.phone ?? "";
  const sentMessage = answer?.intent === "phone-send" && answer.ok ? answer.messages?.[0] : null;
  const error = answer && !answer.ok ? answer : undefined;
  return (
    <AuthCard>
      <div className="flex flex-col gap-5">
        {codeStep ? (
          <AuthForm intent="phone-verify" redirectTo={redirectTo} answer={error}>
            <input type="hidden" name="phone" value={phone} />
            {sentMessage && <FormMessage tone="success">{sentMessage}</FormMessage>}
            <FormField
              id="code"
              name="code"
              label="6-digit code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              error={error?.fieldErrors?.code}
            />
            <SubmitButton busy={busy}>Sign In</SubmitButton>
          </AuthForm>
        ) : (
          <AuthForm intent="phone-send" redirectTo={redirectTo} answer={error}>
            <FormField
              id="phone"
              name="phone"
              type="tel"
              label="Mobile number"
              autoComplete="tel"
              required
              defaultValue={phone}
              hint="The number you verified on your profile."
              error={error?.fieldErrors?.phone}
            />
            <SubmitButton busy={busy}>Text me a code</SubmitButton>
          </AuthForm>
        )}
        {codeStep && (
          <Form method="post">
            <input type="hidden" name="intent" value="phone-send" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <input type="hidden" name="phone" value={phone} />
            <button
              type="submit"
              className="w-full text-center text-sm font-semibold text-leaf underline"
            >
              Send a new code
            </button>
          </Form>
        )}
        <TextLink to={authHref("sign-in", redirectTo)}>Sign in with email instead</TextLink>
      </div>
    </AuthCard>
  );
}
