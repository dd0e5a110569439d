// The "Monthly growing tips by e-mail" switch on /profile/reminders: a form posting intent "growing-tips"
// with the wanted state, so it works before JavaScript loads.
import { EmailSwitch } from "#app/components/ui/email-switch.tsx";

export const GROWING_TIPS_INTENT = "growing-tips";

export const GROWING_TIPS_MESSAGES = {
  on: "Monthly growing tips are on. Look out for them at the start of each month.",
  off: "Monthly growing tips are off. You won't get them any more.",
};

export function GrowingTipsSetting({
  on,
  email,
  emailVerified,
  busy,
}: {
  on: boolean;
  email: string;
  emailVerified: boolean;
  busy: boolean;
}) {
  return (
    <EmailSwitch
      intent={GROWING_TIPS_INTENT}
      field="tips"
      on={on}
      about="At the start of each month: what to sow and plant in your climate zone, the jobs that matter and what's in the box, from our monthly guide."
      state={
        on
          ? emailVerified
            ? `: sent to ${email}.`
            : ": they start once you've confirmed your e-mail address."
          : ": you won't get them."
      }
      label={{ on: "Switch growing tips on", off: "Switch growing tips off" }}
      busy={busy}
      testId="growing-tips-state"
    />
  );
}
