// /profile/phone: verify a mobile number (a texted 6-digit code) so the member can sign in with a
// text message instead of the password.
import { useMemo } from "react";
import { data } from "react-router";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import { formValues } from "#app/modules/accounts/accounts.schema.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { verifyLinkPhoneCode } from "#app/flows/verify-link-phone-code.server.ts";
import { sendLinkPhoneCode } from "#app/modules/accounts/phone-sign-in.server.ts";
import { requireUser } from "#app/modules/accounts/require-user.server.ts";
import type { Route } from "./+types/phone";
import {
  answerData,
  readForm,
  unknownIntent,
  type Answer,
} from "#app/modules/accounts/profile/answer.ts";
import {
  AnswerMessage,
  CodeField,
  IntentForm,
  Section,
  useAnswer,
} from "#app/modules/accounts/profile/profile-ui.tsx";

// A refused form keeps its Retry-After (app/lib/retry-after-header.ts).
export const headers = retryAfterHeader;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { phoneNumber: user.phoneNumber };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { form, intent, meta } = await readForm(request, context);
  // Both answers carry the number back: the code step posts it again with the code.
  const phone = String(form.get("phone") ?? "");
  switch (intent) {
    case "phone-link-send":
      return data<Answer>({
        ...answerData(intent, await sendLinkPhoneCode({ user, input: formValues(form), meta })),
        phone,
      });
    case "phone-link-verify":
      return data<Answer>({
        ...answerData(intent, await verifyLinkPhoneCode({ input: formValues(form), meta })),
        phone,
      });
    default:
      return unknownIntent(intent);
  }
}

export default function ProfilePhone({ loaderData, actionData }: Route.ComponentProps) {
  const current = loaderData.phoneNumber;
  const mine = actionData?.intent.startsWith("phone-link-") ? actionData : undefined;
  const codeStep =
    mine !== undefined &&
    ((mine.intent === "phone-link-send" && mine.ok) ||
      (mine.intent === "phone-link-verify" && !mine.ok));
  // A refused code or number is said beside its field (and in the form's error summary), even
  // when the answer names no field: there is one field to put right.
  const field = codeStep ? "code" : "phone";
  const refused = useMemo(
    () =>
      mine && !mine.ok
        ? {
            ...mine,
            fieldErrors: mine.fieldErrors ?? (mine.message ? { [field]: mine.message } : undefined),
          }
        : undefined,
    [mine, field],
  );
  // Not toasted as well.
  const { busyIntent } = useAnswer(refused ?? actionData);
  const error = (name: string) => refused?.fieldErrors?.[name];

  return (
    <Section id="phone-sign-in" title="Sign in by text message">
      {mine?.intent === "phone-link-verify" && mine.ok ? (
        <AnswerMessage answer={mine} />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-ink/80">
            {current
              ? `Your sign-in number is ${current}. To change it, verify a new one.`
              : "Verify your mobile number to sign in with a 6-digit code by text message."}
          </p>
          {codeStep ? (
            <IntentForm
              intent="phone-link-verify"
              fields={{ phone: mine?.phone ?? "" }}
              answer={refused}
              fieldIds={{ code: "phoneCode" }}
              className="flex flex-col gap-4"
              noValidate
              busy={busyIntent === "phone-link-verify"}
              submit="Verify number"
            >
              <AnswerMessage answer={mine} />
              <CodeField id="phoneCode" error={error("code")} />
            </IntentForm>
          ) : (
            <IntentForm
              intent="phone-link-send"
              answer={refused}
              fieldIds={{ phone: "signInPhone" }}
              className="flex flex-col gap-4"
              noValidate
              busy={busyIntent === "phone-link-send"}
              submit="Text me a code"
            >
              <FormField
                id="signInPhone"
                name="phone"
                type="tel"
                label="Mobile number"
                autoComplete="tel"
                required
                defaultValue={mine?.phone ?? ""}
                error={error("phone")}
              />
            </IntentForm>
          )}
        </div>
      )}
    </Section>
  );
}
