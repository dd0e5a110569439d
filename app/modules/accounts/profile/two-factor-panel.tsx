// /profile/security's "Two-factor sign-in": set up (the password, then the app's key, the recovery
// codes and a first code), or turn it off with the password. Plain forms, so it works without
// JavaScript; a wrong code keeps the set-up on screen (the person's own secret and codes).
import type { Answer } from "./answer.ts";
import { AnswerMessage, CodeField, IntentForm, PasswordField, Reauth } from "./profile-ui.tsx";

export function TwoFactorPanel({ enabled, result }: { enabled: boolean; result?: Answer }) {
  const mine = result?.intent.startsWith("2fa-") ? result : undefined;
  const setup = mine?.setup;
  if (mine?.intent === "2fa-confirm" && mine.ok) {
    return <AnswerMessage answer={mine} />;
  }
  if (setup) {
    return (
      <IntentForm
        intent="2fa-confirm"
        answer={mine}
        fieldIds={{ code: "totpCode" }}
        fields={{ setup: JSON.stringify(setup) }}
        className="flex flex-col gap-4"
        noValidate
        submit="Turn on two-factor sign-in"
      >
        <ol className="list-decimal space-y-3 pl-5 text-sm">
          <li>
            In your authenticator app, add an account with this key (or{" "}
            <a href={setup.totpUri} className="font-semibold text-leaf underline">
              open it in the app
            </a>{" "}
            on this phone):
            <code
              className="mt-1 block rounded-lg bg-cream px-3 py-2 font-mono text-base break-all"
              data-testid="totp-secret"
            >
              {setup.secret}
            </code>
          </li>
          <li>
            Save these recovery codes somewhere safe. Each works once if you lose your phone:
            <ul className="mt-1 grid grid-cols-2 gap-1 font-mono" data-testid="recovery-codes">
              {setup.backupCodes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </li>
          <li>Enter the 6-digit code the app shows to finish.</li>
        </ol>
        <CodeField id="totpCode" error={mine?.fieldErrors?.code} />
      </IntentForm>
    );
  }
  return (
    <IntentForm
      intent={enabled ? "2fa-disable" : "2fa-start"}
      answer={mine}
      className="flex flex-col gap-4"
      noValidate
      submit={enabled ? "Turn off two-factor sign-in" : "Set up two-factor sign-in"}
    >
      <p className="text-sm text-ink/80">
        {enabled
          ? "Two-factor sign-in is on: signing in needs a code from your authenticator app."
          : "Add a code from an authenticator app to your password, so a stolen password alone can't open your account."}
      </p>
      {mine?.reauth && <Reauth />}
      <AnswerMessage answer={mine} />
      <PasswordField id="twoFactorPassword" error={mine?.fieldErrors?.twoFactorPassword} />
    </IntentForm>
  );
}
