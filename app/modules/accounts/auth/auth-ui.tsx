// The pieces the sign-in modes' pages share: the card, the password field with its list of
// problems, the panel after a form went through, the Google and Apple buttons, the toasts an
// answer brings, and the links between modes.
import { useEffect, useMemo, type ReactNode } from "react";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { Form, Link, useNavigate, useNavigation, type FormProps } from "react-router";
import { showToast } from "#app/components/ui/toasts.tsx";
import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from "#app/modules/accounts/accounts-messages.ts";
import { FormField, FormMessage } from "#app/components/ui/form-field.tsx";
import { TextList } from "#app/components/ui/text-list.tsx";

/** What a mode's action answers its page with. */
export interface ActionAnswer {
  intent: string;
  ok: boolean;
  messages?: string[];
  redirectTo?: string;
  message?: string;
  fieldErrors?: Record<string, string>;
  passwordProblems?: string[];
  values?: { email?: string; fullName?: string; phone?: string };
  /** The password was right; the authenticator code comes next. */
  twoFactor?: boolean;
}

/** The toasts an answer brings; after several messages, on to where the person was going. */
function useAnswerToasts(answer: ActionAnswer | undefined): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) {
      const messages = answer.messages ?? [];
      // The last one of several arrives with the next page (its flash cookie).
      const now = answer.redirectTo ? messages.slice(0, -1) : messages;
      for (const m of now) void showToast(m === MESSAGES.accountExists ? "info" : "success", m);
      if (answer.redirectTo) {
        const to = answer.redirectTo;
        const timer = window.setTimeout(() => void navigate(to, { replace: true }), 600);
        return () => window.clearTimeout(timer);
      }
    }
    // A refusal is said once, in the form (FormError or beside its field), where it can't cover
    // the buttons the way a toast did on a phone; the error summary takes focus (AuthForm).
  }, [answer, navigate]);
}

/** A mode's answer (with its toasts) and whether its form is on its way. */
export function useAuthAnswer(actionData: unknown): {
  answer: ActionAnswer | undefined;
  busy: boolean;
} {
  const answer = actionData as ActionAnswer | undefined;
  useAnswerToasts(answer);
  return { answer, busy: useNavigation().state === "submitting" };
}

/** The white card; once its form went through (`done`), the panel saying so instead. */
export function AuthCard({
  done,
  backTo = "",
  children,
}: {
  done?: ActionAnswer | undefined;
  backTo?: string;
  children: ReactNode;
}) {
  return (
    <div className="mt-6 rounded-3xl bg-white p-6 shadow-sm sm:p-8">
      {done?.ok ? <DonePanel answer={done} backTo={backTo} /> : children}
    </div>
  );
}

/** The heading of a refused new password's reasons, and its line in the error summary. */
export const PASSWORD_PROBLEMS = "Please choose a different password";

/**
 * A mode's form: its intent, where to go afterwards, and its message when not about one field;
 * with fields to put right, the error summary at its top (issue 39) linking to each.
 */
export function AuthForm({
  intent,
  redirectTo,
  answer,
  children,
  ...form
}: {
  intent: string;
  redirectTo: string;
  answer?: ActionAnswer | undefined;
  children: ReactNode;
} & Omit<FormProps, "method" | "children" | "ref">) {
  const errors = useMemo(() => {
    if (answer?.ok !== false || !answer.fieldErrors) return null;
    // A weak password's reasons are a list by its field: the summary names the list.
    return answer.passwordProblems?.length && answer.fieldErrors.password
      ? { ...answer.fieldErrors, password: PASSWORD_PROBLEMS }
      : answer.fieldErrors;
  }, [answer]);
  return (
    <Form method="post" className="flex flex-col gap-5" noValidate {...form}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <ErrorSummary errors={errors} />
      <FormError answer={answer} />
      {children}
    </Form>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn-primary" disabled={busy}>
      {busy ? "Please wait..." : children}
    </button>
  );
}

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-center text-sm font-semibold text-leaf underline">
      {children}
    </Link>
  );
}

/** A form's message when it isn't about one field. */
export function FormError({ answer }: { answer: ActionAnswer | undefined }) {
  return answer?.message && !answer.fieldErrors ? (
    <FormMessage tone="error">{answer.message}</FormMessage>
  ) : null;
}

export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters. A few unrelated words make a strong password that's easy to remember.`;

/** A password to choose (sign-up, reset, confirm), with the reasons a weak one is refused. */
export function NewPasswordField({
  answer,
  label = "Password",
}: {
  answer: ActionAnswer | undefined;
  label?: string;
}) {
  const problems = answer?.ok === false ? (answer.passwordProblems ?? []) : [];
  return (
    <>
      <FormField
        id="password"
        name="password"
        type="password"
        label={label}
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={PASSWORD_HINT}
        error={problems.length ? undefined : answer?.fieldErrors?.password}
        // The reasons' list below is this field's message.
        {...(problems.length > 0 && {
          "aria-invalid": true,
          "aria-describedby": "password-hint password-error",
        })}
      />
      {problems.length > 0 && (
        <div id="password-error" className="rounded-xl bg-clay/10 px-4 py-3 text-sm text-clay-dark">
          <p className="font-semibold">{PASSWORD_PROBLEMS}:</p>
          <TextList className="mt-1 list-disc pl-5" items={problems} />
        </div>
      )}
    </>
  );
}

export function EmailField({
  answer,
  autoComplete = "email",
}: {
  answer: ActionAnswer | undefined;
  autoComplete?: string;
}) {
  return (
    <FormField
      id="email"
      name="email"
      type="email"
      label="Email"
      autoComplete={autoComplete}
      required
      defaultValue={answer?.values?.email}
      error={answer?.fieldErrors?.email}
    />
  );
}

/** After a form went through: its messages, then on (or back to sign in). */
function DonePanel({ answer, backTo }: { answer: ActionAnswer; backTo: string }) {
  return (
    <div className="flex flex-col gap-4">
      {(answer.messages ?? []).map((m) => (
        <FormMessage key={m} tone="success">
          {m}
        </FormMessage>
      ))}
      {answer.redirectTo ? (
        <Link to={answer.redirectTo} className="btn-primary">
          Continue
        </Link>
      ) : (
        <Link to={backTo} className="btn-secondary">
          Back to sign in
        </Link>
      )}
    </div>
  );
}

/** Continue with Google or Apple: a full page post, as the provider's page comes next. */
export function SocialButtons({
  providers,
  redirectTo,
}: {
  providers: readonly string[];
  redirectTo: string;
}) {
  if (providers.length === 0) return null;
  return (
    <div className="mt-6 flex flex-col gap-3">
      <p className="text-center text-sm text-ink/70">or</p>
      {providers.map((p) => (
        <Form key={p} method="post" reloadDocument>
          <input type="hidden" name="intent" value="social" />
          <input type="hidden" name="provider" value={p} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" className="btn-light w-full border border-ink/15">
            Continue with {p === "google" ? "Google" : "Apple"}
          </button>
        </Form>
      ))}
    </div>
  );
}
