// /auth, /login and /signup: sign in, create an account, forgot password, 'Convert from Waitlist',
// and from e-mail links: choosing a new password, and confirming an address opened away from the
// browser that signed up (its opener chooses the password: ADR 020). Each form works before
// JavaScript loads; the actions call the accounts use-cases and answer with the spec's messages.
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import { settings } from "#app/lib/env.server.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { redirectWithToast, toastCookie } from "#app/lib/toast.server.ts";
import { showToast } from "#app/components/ui/toasts.tsx";
import {
  formValues,
  MESSAGES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  safeRedirect,
} from "#app/modules/accounts/accounts.schema.ts";
import {
  confirmEmailWithPassword,
  confirmLinkIsValid,
} from "#app/modules/accounts/confirm-email-with-password.server.ts";
import { convertWaitlist } from "#app/modules/accounts/convert-waitlist.server.ts";
import { FormField, FormMessage } from "#app/components/ui/form-field.tsx";
import { readUserData } from "#app/modules/accounts/user-data.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { memberHintCookie } from "#app/modules/accounts/header-user.ts";
import type { AccountsOutcome } from "#app/modules/accounts/outcome.ts";
import { requestPasswordReset } from "#app/modules/accounts/request-password-reset.server.ts";
import { resetPassword } from "#app/modules/accounts/reset-password.server.ts";
import { sendSignInCode, verifySignInCode } from "#app/modules/accounts/phone-sign-in.server.ts";
import { signIn } from "#app/modules/accounts/sign-in.server.ts";
import {
  socialProviders,
  startSocialSignIn,
} from "#app/modules/accounts/start-social-sign-in.server.ts";
import { verifyTwoFactorSignIn } from "#app/modules/accounts/two-factor.server.ts";
import { signOut } from "#app/modules/accounts/sign-out.server.ts";
import { signUp } from "#app/modules/accounts/sign-up.server.ts";
import type { Route } from "./+types/auth";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";

const MODES = [
  "sign-in",
  "sign-up",
  "forgot",
  "convert",
  "reset-password",
  "phone",
  "confirm-email",
] as const;
type Mode = (typeof MODES)[number];

function modeOf(url: URL): Mode {
  const asked = url.searchParams.get("mode");
  if (asked && (MODES as readonly string[]).includes(asked)) return asked as Mode;
  // Data requests after an action come as /signup.data.
  return url.pathname.replace(/\.data$/, "") === "/signup" ? "sign-up" : "sign-in";
}

// A refused form keeps its Retry-After (app/lib/retry-after-header.ts).
export const headers = retryAfterHeader;

export function meta({ loaderData }: Route.MetaArgs) {
  const titles: Record<Mode, string> = {
    "sign-in": "Sign in",
    "sign-up": "Create an account",
    forgot: "Forgot your password",
    convert: "Convert from Waitlist",
    "reset-password": "Choose a new password",
    phone: "Sign in with a text message",
    "confirm-email": "Confirm your email address",
  };
  return [
    { title: `${titles[loaderData?.mode ?? "sign-in"]} | Patch` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const mode = modeOf(url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
  // ?reauth=1: a signed-in person confirms who they are before a sensitive change. The links from
  // e-mails work whoever is signed in.
  const fromLink = mode === "reset-password" || mode === "confirm-email";
  if (!fromLink && !url.searchParams.has("reauth")) {
    const { user } = await getCurrentUser(request);
    // Signed in already: on their way, with the member hint, so a public page shows who they are
    // (a session older than the hint may not have it yet).
    if (user)
      throw redirect(redirectTo || "/", {
        headers: {
          "Set-Cookie": memberHintCookie(true, settings().siteUrl.startsWith("https:")),
        },
      });
  }
  const token = fromLink ? (url.searchParams.get("token") ?? "") : "";
  return {
    mode,
    providers: socialProviders(),
    redirectTo,
    token,
    tokenError:
      mode === "confirm-email" && !(await confirmLinkIsValid(token))
        ? "INVALID_TOKEN"
        : url.searchParams.get("error"),
  };
}

interface ActionAnswer {
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

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const values = formValues(form);
  const meta = { request, clientIp: context.get(requestInfo).clientIp };
  const redirectTo = safeRedirect(String(form.get("redirectTo") ?? ""), "/");

  if (intent === "social") {
    const started = await startSocialSignIn({
      provider: String(form.get("provider") ?? ""),
      meta,
      redirectTo,
    });
    if (!started.ok) {
      return data<ActionAnswer>({ intent, ok: false, message: started.message });
    }
    const headers = new Headers();
    for (const c of started.cookies) headers.append("Set-Cookie", c);
    return redirect(started.url, { headers });
  }

  if (intent === "sign-out") {
    const outcome = await signOut(meta);
    const back = safeRedirect(String(form.get("from") ?? ""), "/");
    if (!outcome.ok) {
      return redirectWithToast(request, back, { type: "error", message: outcome.message });
    }
    const headers = new Headers();
    for (const c of outcome.cookies) headers.append("Set-Cookie", c);
    return redirectWithToast(
      request,
      "/",
      { type: "success", message: MESSAGES.signedOut },
      {
        headers,
      },
    );
  }

  let outcome: AccountsOutcome;
  switch (intent) {
    case "sign-in":
      outcome = await signIn({ input: values, meta, redirectTo });
      break;
    case "sign-up":
      outcome = await signUp({ input: values, meta, redirectTo });
      break;
    case "convert":
      outcome = await convertWaitlist({ input: values, meta, redirectTo });
      break;
    case "forgot":
      outcome = await requestPasswordReset({ input: values, meta });
      break;
    case "reset-password":
      outcome = await resetPassword(values);
      break;
    case "confirm-email":
      outcome = await confirmEmailWithPassword({ input: values, meta, redirectTo });
      break;
    case "phone-send":
      outcome = await sendSignInCode({ input: values, meta });
      break;
    case "phone-verify":
      outcome = await verifySignInCode({ input: values, meta, redirectTo });
      break;
    case "two-factor":
      outcome = await verifyTwoFactorSignIn({ input: values, meta, redirectTo });
      break;
    default:
      return data<ActionAnswer>(
        { intent, ok: false, message: "Something went wrong. Please try again." },
        { status: 400 },
      );
  }

  if (!outcome.ok) {
    return data<ActionAnswer>(
      {
        intent,
        ok: false,
        message: outcome.message,
        fieldErrors: outcome.fieldErrors,
        passwordProblems: outcome.passwordProblems,
        values: {
          email: typeof values.email === "string" ? values.email : undefined,
          fullName: typeof values.fullName === "string" ? values.fullName : undefined,
          phone: typeof values.phone === "string" ? values.phone : undefined,
        },
      },
      {
        // A refused form is answered as a page with its messages (only limits say 429).
        status: outcome.status === 429 ? 429 : 200,
        headers: outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined,
      },
    );
  }

  const headers = new Headers();
  for (const c of outcome.cookies) headers.append("Set-Cookie", c);
  if (outcome.twoFactor) {
    return data<ActionAnswer>({ intent: "two-factor", ok: true, twoFactor: true }, { headers });
  }
  const last = outcome.messages.at(-1) ?? "";
  // One message and somewhere to go: a redirect carrying the toast (works without JavaScript).
  if (outcome.redirectTo && outcome.messages.length === 1) {
    return redirectWithToast(
      request,
      outcome.redirectTo,
      { type: "success", message: last },
      {
        headers,
      },
    );
  }
  if (outcome.redirectTo) {
    // Several messages in order ('Account already exists, trying to sign you in...', then
    // 'Signed in successfully!'): the page shows them, then moves on.
    headers.append("Set-Cookie", await toastCookie(request, { type: "success", message: last }));
  }
  return data<ActionAnswer>(
    {
      intent,
      ok: true,
      messages: outcome.messages,
      redirectTo: outcome.redirectTo,
      values: typeof values.phone === "string" ? { phone: values.phone } : undefined,
    },
    { headers },
  );
}

const tabs: { mode: Mode; label: string }[] = [
  { mode: "sign-in", label: "Sign In" },
  { mode: "sign-up", label: "Create Account" },
  { mode: "convert", label: "Convert from Waitlist" },
];

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, redirectTo, token, tokenError, providers } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const busy = navigation.state === "submitting";
  const phoneAnswer = mode === "phone" && answer?.intent.startsWith("phone-") ? answer : undefined;
  // The code step: after a code was sent, or after a wrong code.
  const codeStep =
    phoneAnswer !== undefined &&
    ((phoneAnswer.intent === "phone-send" && phoneAnswer.ok) ||
      (phoneAnswer.intent === "phone-verify" && !phoneAnswer.ok));
  // After the password: the code from the authenticator app (also after a wrong code).
  const twoFactorStep =
    answer?.intent === "two-factor" && (answer.ok || answer.fieldErrors?.code !== undefined);
  const current =
    answer && (answer.intent === mode || (phoneAnswer && !codeStep)) ? answer : undefined;

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
    } else if (answer.message) {
      void showToast("error", answer.message);
    }
  }, [answer, navigate]);

  const keep = (m: Mode) => {
    const params = new URLSearchParams({ mode: m });
    if (redirectTo) params.set("redirectTo", redirectTo);
    return `/auth?${params.toString()}`;
  };

  return (
    <section className="container-page flex justify-center pt-28 pb-20 md:pt-36">
      <div className="w-full max-w-md">
        <h1 className="text-center text-4xl font-bold">
          {mode === "sign-up"
            ? "Create your account"
            : mode === "convert"
              ? "Convert from Waitlist"
              : mode === "forgot"
                ? "Forgot your password?"
                : mode === "reset-password"
                  ? "Choose a new password"
                  : mode === "confirm-email"
                    ? "Confirm your email address"
                    : "Welcome back"}
        </h1>
        {mode !== "reset-password" && mode !== "forgot" && mode !== "confirm-email" && (
          <nav aria-label="Account options" className="mt-6">
            <ul className="grid grid-cols-3 gap-1 rounded-full bg-cream-deep p-1 text-center text-sm">
              {tabs.map((tab) => (
                <li key={tab.mode}>
                  <Link
                    to={keep(tab.mode)}
                    replace
                    aria-current={tab.mode === mode ? "page" : undefined}
                    className={`flex min-h-11 items-center justify-center rounded-full px-2 font-semibold ${
                      tab.mode === mode ? "bg-white shadow-sm" : "text-ink/70 hover:text-ink"
                    }`}
                  >
                    {tab.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="mt-6 rounded-3xl bg-white p-6 shadow-sm sm:p-8">
          {twoFactorStep ? (
            <TwoFactorStep
              answer={answer?.intent === "two-factor" && !answer.ok ? answer : undefined}
              redirectTo={redirectTo}
              busy={busy}
              backTo={keep("sign-in")}
            />
          ) : mode === "confirm-email" ? (
            <ConfirmEmail
              token={token}
              linkInvalid={Boolean(tokenError)}
              answer={current}
              redirectTo={redirectTo}
              busy={busy}
              backTo={keep("sign-in")}
            />
          ) : mode === "phone" ? (
            <PhoneSignIn
              answer={phoneAnswer}
              codeStep={codeStep}
              redirectTo={redirectTo}
              busy={busy}
              backTo={keep("sign-in")}
            />
          ) : current?.ok ? (
            <div className="flex flex-col gap-4">
              {(current.messages ?? []).map((m) => (
                <FormMessage key={m} tone="success">
                  {m}
                </FormMessage>
              ))}
              {current.redirectTo ? (
                <Link to={current.redirectTo} className="btn-primary">
                  Continue
                </Link>
              ) : (
                <Link to={keep("sign-in")} className="btn-secondary">
                  Back to sign in
                </Link>
              )}
            </div>
          ) : (
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
              <input type="hidden" name="intent" value={mode} />
              {(mode === "sign-up" || mode === "convert") && (
                <input type="hidden" name="userData" defaultValue="" />
              )}
              <input type="hidden" name="redirectTo" value={redirectTo} />
              {current?.message && !current.fieldErrors && (
                <FormMessage tone="error">{current.message}</FormMessage>
              )}
              {mode === "reset-password" && (
                <>
                  {(!token || tokenError) && (
                    <FormMessage tone="error">{MESSAGES.resetLinkInvalid}</FormMessage>
                  )}
                  <input type="hidden" name="token" value={token} />
                </>
              )}
              {(mode === "sign-up" || mode === "convert") && (
                <FormField
                  id="fullName"
                  name="fullName"
                  label="Your name (optional)"
                  autoComplete="name"
                  defaultValue={current?.values?.fullName}
                  error={current?.fieldErrors?.fullName}
                />
              )}
              {mode !== "reset-password" && (
                <FormField
                  id="email"
                  name="email"
                  type="email"
                  label="Email"
                  autoComplete={mode === "sign-in" ? "username" : "email"}
                  required
                  defaultValue={current?.values?.email}
                  error={current?.fieldErrors?.email}
                />
              )}
              {mode !== "forgot" && (
                <FormField
                  id="password"
                  name="password"
                  type="password"
                  label={mode === "reset-password" ? "New password" : "Password"}
                  autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
                  required
                  minLength={mode === "sign-in" ? undefined : PASSWORD_MIN}
                  maxLength={PASSWORD_MAX}
                  hint={
                    mode === "sign-in"
                      ? undefined
                      : `At least ${PASSWORD_MIN} characters. A few unrelated words make a strong password that's easy to remember.`
                  }
                  error={
                    current?.passwordProblems?.length ? undefined : current?.fieldErrors?.password
                  }
                />
              )}
              {current?.passwordProblems && current.passwordProblems.length > 0 && (
                <div
                  role="alert"
                  className="rounded-xl bg-clay/10 px-4 py-3 text-sm text-clay-dark"
                >
                  <p className="font-semibold">Please choose a different password:</p>
                  <ul className="mt-1 list-disc pl-5">
                    {current.passwordProblems.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                </div>
              )}
              <button type="submit" className="btn-primary" disabled={busy}>
                {busy
                  ? "Please wait..."
                  : mode === "sign-up"
                    ? "Create Account"
                    : mode === "convert"
                      ? "Convert from Waitlist"
                      : mode === "forgot"
                        ? "Send reset link"
                        : mode === "reset-password"
                          ? "Set new password"
                          : "Sign In"}
              </button>
              {mode === "convert" && (
                <p className="text-sm text-ink/70">
                  Joined our waitlist? Create your account with the same email and we'll bring
                  across your region, growing space and survey answers.
                </p>
              )}
              {mode === "sign-in" && (
                <Link
                  to={keep("phone")}
                  className="text-center text-sm font-semibold text-leaf underline"
                >
                  Sign in with a text message instead
                </Link>
              )}
              {mode === "sign-in" && (
                <Link
                  to={keep("forgot")}
                  className="text-center text-sm font-semibold text-leaf underline"
                >
                  Forgot your password?
                </Link>
              )}
              {(mode === "forgot" || mode === "reset-password") && (
                <Link
                  to={keep("sign-in")}
                  className="text-center text-sm font-semibold text-leaf underline"
                >
                  Back to sign in
                </Link>
              )}
            </Form>
          )}
        </div>
        {providers.length > 0 && (mode === "sign-in" || mode === "sign-up") && (
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
        )}
      </div>
    </section>
  );
}

function ConfirmEmail({
  token,
  linkInvalid,
  answer,
  redirectTo,
  busy,
  backTo,
}: {
  token: string;
  linkInvalid: boolean;
  answer: ActionAnswer | undefined;
  redirectTo: string;
  busy: boolean;
  backTo: string;
}) {
  const failed = answer && !answer.ok ? answer : undefined;
  if (linkInvalid || (failed && !failed.fieldErrors && !failed.passwordProblems)) {
    return (
      <div className="flex flex-col gap-5">
        <FormMessage tone="error">{failed?.message ?? MESSAGES.confirmLinkInvalid}</FormMessage>
        <Link to={backTo} className="btn-secondary">
          Back to sign in
        </Link>
      </div>
    );
  }
  return (
    <Form method="post" className="flex flex-col gap-5" noValidate>
      <input type="hidden" name="intent" value="confirm-email" />
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <p className="text-sm text-ink/80">
        To finish, choose the password for your account. It can be the one you chose when you signed
        up.
      </p>
      <p className="text-sm text-ink/70">
        Didn't create this account yourself? Choosing a password here makes it yours: any password
        set before now stops working.
      </p>
      <FormField
        id="password"
        name="password"
        type="password"
        label="Password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={`At least ${PASSWORD_MIN} characters. A few unrelated words make a strong password that's easy to remember.`}
        error={failed?.passwordProblems?.length ? undefined : failed?.fieldErrors?.password}
      />
      {failed?.passwordProblems && failed.passwordProblems.length > 0 && (
        <div role="alert" className="rounded-xl bg-clay/10 px-4 py-3 text-sm text-clay-dark">
          <p className="font-semibold">Please choose a different password:</p>
          <ul className="mt-1 list-disc pl-5">
            {failed.passwordProblems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? "Please wait..." : "Confirm and sign in"}
      </button>
    </Form>
  );
}

function PhoneSignIn({
  answer,
  codeStep,
  redirectTo,
  busy,
  backTo,
}: {
  answer: ActionAnswer | undefined;
  codeStep: boolean;
  redirectTo: string;
  busy: boolean;
  backTo: string;
}) {
  const phone = answer?.values?.phone ?? "";
  const sentMessage = answer?.intent === "phone-send" && answer.ok ? answer.messages?.[0] : null;
  const error = answer && !answer.ok ? answer : undefined;
  return (
    <div className="flex flex-col gap-5">
      {codeStep ? (
        <Form method="post" className="flex flex-col gap-5" noValidate>
          <input type="hidden" name="intent" value="phone-verify" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="phone" value={phone} />
          {sentMessage && <FormMessage tone="success">{sentMessage}</FormMessage>}
          {error && !error.fieldErrors?.code && (
            <FormMessage tone="error">{error.message}</FormMessage>
          )}
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
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Please wait..." : "Sign In"}
          </button>
        </Form>
      ) : (
        <Form method="post" className="flex flex-col gap-5" noValidate>
          <input type="hidden" name="intent" value="phone-send" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {error && !error.fieldErrors && <FormMessage tone="error">{error.message}</FormMessage>}
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
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Please wait..." : "Text me a code"}
          </button>
        </Form>
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
      <Link to={backTo} className="text-center text-sm font-semibold text-leaf underline">
        Sign in with email instead
      </Link>
    </div>
  );
}

function TwoFactorStep({
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
      <Form method="post" className="flex flex-col gap-5" noValidate>
        <input type="hidden" name="intent" value="two-factor" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
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
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Please wait..." : "Verify"}
        </button>
      </Form>
      <Link to={backTo} className="text-center text-sm font-semibold text-leaf underline">
        Start again
      </Link>
    </div>
  );
}
