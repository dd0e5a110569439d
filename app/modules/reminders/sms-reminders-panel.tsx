// The profile's "Garden reminders by text" panel: the current state in words, weekly or monthly,
// the consent box (its words are the ones stored), and the off switch. Works before scripts load.
import { Form, Link } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { FormMessage } from "#app/components/ui/form-field.tsx";
import type { Answer } from "#app/modules/accounts/profile/answer.ts";
import {
  FREQUENCY_DESCRIPTIONS,
  REMINDER_FREQUENCIES,
  type SmsRemindersView,
  type StopSource,
} from "./reminders.schema.ts";

const sinceDate = new Intl.DateTimeFormat("en-NZ", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Pacific/Auckland",
});

const STOPPED_BECAUSE: Record<StopSource, string> = {
  sms_stop: "They ended when you replied STOP.",
  profile: "You switched them off here.",
  phone_changed: "They ended when your mobile number changed.",
};

export function SmsRemindersPanel({
  view,
  result,
  busyIntent,
}: {
  view: SmsRemindersView;
  /** The /profile action's answer (one shape for every profile form), for this panel's forms. */
  result: Answer | undefined;
  busyIntent: string;
}) {
  const mine = result && result.intent.startsWith("sms-reminders-") ? result : undefined;
  const { active } = view;
  const consentError = mine?.fieldErrors?.consent;
  const frequencyError = mine?.fieldErrors?.frequency;

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink/80">
        A short text to keep your garden on track: weekly on Friday evening before Saturday
        morning&apos;s session, or monthly on the 1st with what to sow. Every text comes from{" "}
        {view.brandName}, and you can reply STOP at any time.
      </p>

      <div
        className={`rounded-xl px-4 py-3 text-sm ${active ? "bg-leaf/10 text-leaf-dark" : "bg-cream"}`}
        data-testid="sms-reminders-status"
      >
        {active ? (
          <p>
            <strong>Reminders on:</strong> {active.frequency}, to{" "}
            <span className="whitespace-nowrap">{active.phoneDisplay}</span> since{" "}
            {sinceDate.format(new Date(active.since))}
          </p>
        ) : (
          <p>
            <strong>Reminders off.</strong> {view.stoppedBy ? STOPPED_BECAUSE[view.stoppedBy] : ""}
          </p>
        )}
      </div>

      {mine && !mine.ok && !mine.fieldErrors && (
        <FormMessage tone="error">{mine.message}</FormMessage>
      )}
      {mine?.ok && mine.message && <FormMessage tone="success">{mine.message}</FormMessage>}

      {!view.verifiedPhone ? (
        <p className="text-sm">
          Reminders go to a verified mobile number.{" "}
          <Link to="/profile/phone" className="font-semibold text-leaf underline">
            Verify your number under &lsquo;Sign in by text message&rsquo;
          </Link>{" "}
          first, then come back here to switch them on.
        </p>
      ) : (
        <>
          <Form
            method="post"
            className="flex flex-col gap-4"
            noValidate
            key={active ? `on-${active.frequency}` : "off"}
          >
            <input type="hidden" name="intent" value="sms-reminders-save" />
            <ErrorSummary
              errors={mine?.ok ? undefined : mine?.fieldErrors}
              fieldIds={{ frequency: "sms-frequency", consent: "sms-consent" }}
            />
            <fieldset
              className="flex flex-col gap-2"
              aria-describedby={frequencyError ? "sms-frequency-error" : undefined}
            >
              <legend className="mb-1 font-semibold">How often</legend>
              {REMINDER_FREQUENCIES.map((f, i) => (
                <label key={f} className="flex min-h-11 items-start gap-3">
                  <input
                    // The first choice is where the error summary's link lands.
                    id={i === 0 ? "sms-frequency" : undefined}
                    type="radio"
                    name="frequency"
                    value={f}
                    defaultChecked={(active?.frequency ?? "weekly") === f}
                    className="mt-1 h-5 w-5 accent-leaf"
                  />
                  <span>{FREQUENCY_DESCRIPTIONS[f]}</span>
                </label>
              ))}
              {frequencyError && (
                <p id="sms-frequency-error" className="text-sm font-medium text-clay-dark">
                  {frequencyError}
                </p>
              )}
            </fieldset>
            {active ? null : (
              <div className="flex flex-col gap-1.5">
                <p className="text-sm text-ink/80">
                  Texts go to{" "}
                  <strong className="whitespace-nowrap">{view.verifiedPhoneDisplay}</strong>.
                </p>
                <label className="flex items-start gap-3">
                  <input
                    id="sms-consent"
                    type="checkbox"
                    name="consent"
                    value="yes"
                    required
                    className="mt-1 h-5 w-5 shrink-0 accent-leaf"
                    aria-invalid={consentError ? true : undefined}
                    aria-describedby={consentError ? "sms-consent-error" : undefined}
                  />
                  <span>{view.consentStatement}</span>
                </label>
                {consentError && (
                  <p id="sms-consent-error" className="text-sm font-medium text-clay-dark">
                    {consentError}
                  </p>
                )}
              </div>
            )}
            <button
              type="submit"
              className="btn-secondary"
              disabled={busyIntent === "sms-reminders-save"}
            >
              {busyIntent === "sms-reminders-save"
                ? "Saving..."
                : active
                  ? "Save how often"
                  : "Turn on text reminders"}
            </button>
          </Form>
          {active && (
            <Form method="post">
              <input type="hidden" name="intent" value="sms-reminders-off" />
              <button
                type="submit"
                className="btn-light w-full border border-ink/10"
                disabled={busyIntent === "sms-reminders-off"}
              >
                Switch off text reminders
              </button>
            </Form>
          )}
        </>
      )}
    </div>
  );
}
