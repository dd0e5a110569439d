// The pieces every /profile child draws the same way: a titled card, the offer to sign in again,
// the password and 6-digit code fields, a one-button form, and the hook that toasts an answer and
// says which form is being sent. A refusal with fields to put right is said by the form's error
// summary (issue 39) and beside each field, so it is neither toasted nor said above the form.
import { useEffect, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { showToast } from "#app/components/ui/toasts.tsx";
import { MESSAGES } from "#app/modules/accounts/accounts-messages.ts";
import { FormField, FormMessage } from "#app/components/ui/form-field.tsx";
import type { Answer } from "./answer.ts";

/** The action's answer as a toast; which intent is being sent; the answer if it is for `intent`. */
export function useAnswer(result: Answer | undefined) {
  const navigation = useNavigation();
  const busyIntent =
    navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  useEffect(() => {
    if (!result?.message || fieldErrorsOf(result)) return;
    void showToast(result.ok ? "success" : "error", result.message);
  }, [result]);
  const forIntent = (intent: string) => (result?.intent === intent ? result : undefined);
  return { busyIntent, forIntent };
}

export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** The change needs a recent sign-in: sign in again and come back to this page. */
export function Reauth() {
  const { pathname } = useLocation();
  return (
    <FormMessage tone="error">
      {MESSAGES.reauthRequired}{" "}
      <Link to={`/auth?reauth=1&redirectTo=${encodeURIComponent(pathname)}`} className="underline">
        Sign in again
      </Link>
    </FormMessage>
  );
}

/** A refusal's field errors, when it has any: what its form's error summary lists. */
export const fieldErrorsOf = (answer: Answer | undefined) =>
  answer && !answer.ok && answer.fieldErrors && Object.keys(answer.fieldErrors).length > 0
    ? answer.fieldErrors
    : undefined;

/** The answer's message above its form: a success, or (when asked) an error not about fields. */
export function AnswerMessage({ answer, errors }: { answer?: Answer; errors?: boolean }) {
  if (!answer?.message) return null;
  if (answer.ok) return <FormMessage tone="success">{answer.message}</FormMessage>;
  return errors && !fieldErrorsOf(answer) ? (
    <FormMessage tone="error">{answer.message}</FormMessage>
  ) : null;
}

/** A field named as its id, with the answer's error for it. */
export const fieldOf = (answer: Answer | undefined, name: string) => ({
  id: name,
  name,
  error: answer?.fieldErrors?.[name],
});

/** The person's current password, confirming a change. */
export function PasswordField({
  id,
  label = "Your password",
  name = "password",
  error,
}: {
  id: string;
  label?: string;
  name?: string;
  error?: string;
}) {
  return (
    <FormField
      id={id}
      name={name}
      type="password"
      label={label}
      autoComplete="current-password"
      required
      error={error}
    />
  );
}

/** A 6-digit code from a text message or an authenticator app. */
export function CodeField({ id, error }: { id: string; error?: string }) {
  return (
    <FormField
      id={id}
      name="code"
      label="6-digit code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      error={error}
    />
  );
}

/**
 * A post form for one intent: its hidden fields, what it asks (children) and its submit button,
 * disabled while it is being sent. With no children it is a one-button form.
 */
export function IntentForm({
  intent,
  fields = {},
  submit,
  busy,
  className,
  buttonClassName = "btn-secondary",
  onSubmit,
  reloadDocument,
  noValidate,
  answer,
  fieldIds,
  children,
}: {
  intent: string;
  fields?: Record<string, string>;
  submit: ReactNode;
  busy?: boolean;
  className?: string;
  buttonClassName?: string;
  onSubmit?: () => void;
  reloadDocument?: boolean;
  /** The page's own messages instead of the browser's (most forms). */
  noValidate?: boolean;
  /** This form's last answer: a refusal's field errors make the error summary at its top. */
  answer?: Answer;
  /** A field's element id where it isn't the error's name. */
  fieldIds?: Readonly<Record<string, string>>;
  children?: ReactNode;
}) {
  return (
    <Form
      method="post"
      className={className}
      onSubmit={onSubmit}
      reloadDocument={reloadDocument}
      noValidate={noValidate}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ErrorSummary errors={fieldErrorsOf(answer)} fieldIds={fieldIds} />
      {children}
      <button type="submit" className={buttonClassName} disabled={busy}>
        {submit}
      </button>
    </Form>
  );
}
