// Create Account and Convert from Waitlist ask the same: a name (optional), the e-mail and a new
// password, and carry what the visitor told us before signing up (SPEC §4) in `userData`.
import type { ReactNode } from "react";
import { FormField } from "#app/components/ui/form-field.tsx";
import { USER_DATA_KEY } from "#app/modules/accounts/user-data-key.ts";
import {
  AuthForm,
  EmailField,
  NewPasswordField,
  SubmitButton,
  type ActionAnswer,
} from "./auth-ui.tsx";

export function AccountForm({
  intent,
  submit,
  answer,
  redirectTo,
  busy,
  children,
}: {
  intent: "sign-up" | "convert";
  submit: string;
  answer: ActionAnswer | undefined;
  redirectTo: string;
  busy: boolean;
  children?: ReactNode;
}) {
  return (
    <AuthForm
      intent={intent}
      redirectTo={redirectTo}
      answer={answer}
      onSubmit={(event) => {
        // SPEC §4: what the visitor told us before signing up starts their profile. Sent as
        // stored: the server reads it with the shared schema (carryUserData), so the sign-up
        // form carries no schema library to the browser.
        const field = event.currentTarget.elements.namedItem("userData");
        if (field instanceof HTMLInputElement) {
          let stored = "";
          try {
            stored = localStorage.getItem(USER_DATA_KEY) ?? "";
          } catch {
            // Storage refused (a private window's settings): the profile starts empty.
          }
          field.value = stored.length <= 5_000 ? stored : "";
        }
      }}
    >
      <input type="hidden" name="userData" defaultValue="" />
      <FormField
        id="fullName"
        name="fullName"
        label="Your name (optional)"
        autoComplete="name"
        defaultValue={answer?.values?.fullName}
        error={answer?.fieldErrors?.fullName}
      />
      <EmailField answer={answer} />
      <NewPasswordField answer={answer} />
      <SubmitButton busy={busy}>{submit}</SubmitButton>
      {children}
    </AuthForm>
  );
}
