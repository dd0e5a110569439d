// The "Monthly growing tips by e-mail" switch on /profile/reminders: a form posting intent "growing-tips"
// with the wanted state, so it works before JavaScript loads.
import { Form } from "react-router";

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
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={GROWING_TIPS_INTENT} />
      <input type="hidden" name="tips" value={on ? "off" : "on"} />
      <p className="text-sm text-ink/80">
        At the start of each month: what to sow and plant in your climate zone, the jobs that matter
        and what's in the box, from our monthly guide.
      </p>
      <p data-testid="growing-tips-state" className="[overflow-wrap:anywhere]">
        <strong>{on ? "On" : "Off"}</strong>
        {on
          ? emailVerified
            ? `: sent to ${email}.`
            : ": they start once you've confirmed your e-mail address."
          : ": you won't get them."}
      </p>
      <button type="submit" className="btn-secondary self-start" disabled={busy}>
        {on ? "Switch growing tips off" : "Switch growing tips on"}
      </button>
    </Form>
  );
}
