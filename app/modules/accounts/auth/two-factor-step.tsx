// Sign-in's second step for an account with two-factor on: the code from the authenticator app,
// or a recovery code. Posted to the sign-in page it follows.
import { FormField } from "#app/components/ui/form-field.tsx";
import { AuthForm, SubmitButton, TextLink, type ActionAnswer } from "./auth-ui.tsx";

export function TwoFactorStep({
  answer,
  redirectTo,
  busy,
  backTo,
}: {
  answer: ActionAnswer | undefined;
  redirectTo: string;
  busy: boolean;
  backTo: string;
}) {
  return (
    <div className="flex flex-col gap-5">
      <AuthForm intent="two-factor" redirectTo={redirectTo} answer={answer}>
        <p className="text-sm text-ink/80">
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </p>
        <FormField
          id="code"
          name="code"
          label="Authentication code"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          required
          error={answer?.fieldErrors?.code}
        />
        <SubmitButton busy={busy}>Verify</SubmitButton>
      </AuthForm>
      <TextLink to={backTo}>Start again</TextLink>
    </div>
  );
}
