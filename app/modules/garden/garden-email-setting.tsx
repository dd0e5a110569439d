// The "Your garden this month" switch on /profile/reminders (issue 23, ADR 045): a form posting
// intent "garden-email" with the wanted state, so it works before JavaScript loads.
import { Link } from "react-router";
import { EmailSwitch } from "#app/components/ui/email-switch.tsx";
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
    <EmailSwitch
      intent={GARDEN_EMAIL_INTENT}
      field="garden"
      on={on}
      about="On the 1st of each month: what your own plan needs that month (sowing, planting out, feeding, frost cover and harvests, each on its day), and any seedlings from your box still waiting for a square."
      state={
        on ? (
          hasPlan ? (
            `: sent to ${email}.`
          ) : (
            <>
              : it starts once you&apos;ve saved a plan on{" "}
              <Link to={paths.garden} className="text-leaf underline underline-offset-4">
                your garden page
              </Link>
              .
            </>
          )
        ) : (
          ": you won't get it."
        )
      }
      label={{
        on: "Switch “Your garden this month” on",
        off: "Switch “Your garden this month” off",
      }}
      busy={busy}
      testId="garden-email-state"
    />
  );
}
