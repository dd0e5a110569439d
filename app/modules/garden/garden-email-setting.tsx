// The "Your garden this month" switch on /profile/reminders (issue 23, ADR 045): a form posting
// intent "garden-email" with the wanted state, so it works before JavaScript loads.
import { Form, Link } from "react-router";
import { paths } from "#app/lib/paths.ts";

export const GARDEN_EMAIL_INTENT = "garden-email";

export const GARDEN_EMAIL_MESSAGES = {
  on: "“Your garden this month” is on. It comes on the 1st of each month while you have a saved plan.",
  off: "“Your garden this month” is off. You won't get it any more.",
};

export function GardenEmailSetting({
  on,
  email,
  hasPlan,
  busy,
}: {
  on: boolean;
  email: string;
  hasPlan: boolean;
  busy: boolean;
}) {
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={GARDEN_EMAIL_INTENT} />
      <input type="hidden" name="garden" value={on ? "off" : "on"} />
      <p className="text-sm text-ink/80">
        On the 1st of each month: what your own plan needs that month (sowing, planting out,
        feeding, frost cover and harvests, each on its day), and any seedlings from your box still
        waiting for a square.
      </p>
      <p data-testid="garden-email-state" className="[overflow-wrap:anywhere]">
        <strong>{on ? "On" : "Off"}</strong>
        {on ? (
          hasPlan ? (
            `: sent to ${email}.`
          ) : (
            <>
              : it starts once you've saved a plan on{" "}
              <Link to={paths.garden} className="text-leaf underline underline-offset-4">
                your garden page
              </Link>
              .
            </>
          )
        ) : (
          ": you won't get it."
        )}
      </p>
      <button type="submit" className="btn-secondary self-start" disabled={busy}>
        {on ? "Switch “Your garden this month” off" : "Switch “Your garden this month” on"}
      </button>
    </Form>
  );
}
