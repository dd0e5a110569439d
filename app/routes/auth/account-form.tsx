// Create Account and Convert from Waitlist ask the same: a name (optional), the e-mail and a new
// password, and carry what the visitor told us before signing up (SPEC §4) in `userData`.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormField } from "#app/modules/accounts/form-field.tsx";
import { readUserData } from "#app/modules/accounts/user-data.ts";
import {
  EmailField,
  FormError,
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
    <Form
      method="post"
      className="flex flex-col gap-5"
      noValidate
      onSubmit={(event) => {
        // SPEC §4: what the visitor told us before signing up starts their profile.
        const field = event.currentTarget.elements.namedItem("userData");
        if (field instanceof HTMLInputElement) {
          const stored = readUserData();
          field.value = stored ? JSON.stringify(stored) : "";
        }
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userData" defaultValue="" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormError answer={answer} />
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
    </Form>
  );
}
