// /profile/security: the sign-in e-mail address, the password, two-factor sign-in and the signed-in
// devices with the logout scopes (this one, other devices, everywhere).
import { data } from "react-router";
import { requestInfo } from "#app/lib/request-context.ts";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import {
  formValues,
  MESSAGES,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from "#app/modules/accounts/accounts.schema.ts";
import { changeEmail } from "#app/modules/accounts/change-email.server.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { changePassword } from "#app/modules/accounts/change-password.server.ts";
import {
  listDeviceSessions,
  revokeDeviceSession,
  revokeOtherDeviceSessions,
  signOutEverywhere,
} from "#app/modules/accounts/manage-sessions.server.ts";
import { requireUser } from "#app/modules/accounts/require-user.server.ts";
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  startTwoFactorSetup,
} from "#app/modules/accounts/two-factor.server.ts";
import type { Route } from "./+types/security";
import {
  answer,
  answerData,
  homeWithToast,
  readForm,
  unknownIntent,
  type Answer,
} from "#app/modules/accounts/profile/answer.ts";
import { DeviceList } from "#app/modules/accounts/profile/device-list.tsx";
import {
  AnswerMessage,
  fieldOf,
  IntentForm,
  PasswordField,
  Reauth,
  Section,
  useAnswer,
} from "#app/modules/accounts/profile/profile-ui.tsx";
import { TwoFactorPanel } from "#app/modules/accounts/profile/two-factor-panel.tsx";

// A refused form keeps its Retry-After (app/lib/retry-after-header.ts).
export const headers = retryAfterHeader;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const meta = { request, clientIp: context.get(requestInfo).clientIp };
  return {
    email: user.email,
    twoFactorEnabled: user.twoFactorEnabled,
    devices: await listDeviceSessions({ meta, currentSessionId: user.sessionId }),
  };
}

function parseSetup(value: FormDataEntryValue | null): Answer["setup"] {
  try {
    const parsed = JSON.parse(String(value ?? "")) as Answer["setup"];
    return parsed && typeof parsed.totpUri === "string" ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { form, intent, meta } = await readForm(request, context);
  switch (intent) {
    case "change-email":
      return answer(intent, await changeEmail({ user, input: formValues(form), meta }));
    case "change-password":
      return answer(intent, await changePassword({ input: formValues(form), meta, user }));
    case "2fa-start": {
      const setup = await startTwoFactorSetup({ user, password: form.get("password"), meta });
      if (setup.ok) return data<Answer>({ intent, ok: true, setup });
      return data<Answer>({
        intent,
        ok: false,
        message: setup.message,
        reauth: setup.reauth,
        fieldErrors: setup.field ? { twoFactorPassword: setup.message } : undefined,
      });
    }
    case "2fa-confirm": {
      const outcome = await confirmTwoFactorSetup({ user, code: form.get("code"), meta });
      if (outcome.ok) return answer(intent, outcome);
      // A wrong code keeps the set-up on screen (the person's own secret and codes).
      return data<Answer>({ ...answerData(intent, outcome), setup: parseSetup(form.get("setup")) });
    }
    case "2fa-disable":
      return answer(intent, await disableTwoFactor({ user, password: form.get("password"), meta }));
    case "revoke-session":
      return answer(
        intent,
        await revokeDeviceSession({ meta, sessionId: String(form.get("sessionId") ?? "") }),
      );
    case "revoke-others":
      return answer(intent, await revokeOtherDeviceSessions(meta));
    case "revoke-all": {
      const outcome = await signOutEverywhere(meta);
      return outcome.ok
        ? homeWithToast(request, outcome, MESSAGES.signedOut)
        : answer(intent, outcome);
    }
    default:
      return unknownIntent(intent);
  }
}

export default function ProfileSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const { email, twoFactorEnabled, devices } = loaderData;
  const { forIntent } = useAnswer(actionData);
  const em = forIntent("change-email");
  const pw = forIntent("change-password");

  return (
    <>
      <Section id="email-address" title="Email address">
        <IntentForm
          intent="change-email"
          answer={em}
          className="flex flex-col gap-4"
          noValidate
          submit="Change email"
        >
          <p className="text-sm text-ink/80">
            You sign in with <strong className="break-all">{email}</strong>.
          </p>
          <AnswerMessage answer={em} />
          {em?.reauth && <Reauth />}
          <FormField
            {...fieldOf(em, "newEmail")}
            type="email"
            label="New email address"
            autoComplete="email"
            required
          />
        </IntentForm>
      </Section>

      <Section id="password" title="Change password">
        <IntentForm
          intent="change-password"
          answer={pw}
          className="flex flex-col gap-5"
          noValidate
          submit="Change password"
        >
          <AnswerMessage answer={pw} />
          {pw?.reauth && <Reauth />}
          <PasswordField {...fieldOf(pw, "currentPassword")} label="Current password" />
          <FormField
            {...fieldOf(pw, "newPassword")}
            type="password"
            label="New password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            hint={`At least ${PASSWORD_MIN} characters.`}
          />
        </IntentForm>
      </Section>

      <Section id="two-factor" title="Two-factor sign-in">
        <TwoFactorPanel enabled={twoFactorEnabled} result={actionData} />
      </Section>

      <Section id="devices" title="Signed-in devices">
        <DeviceList devices={devices} />
      </Section>
    </>
  );
}
