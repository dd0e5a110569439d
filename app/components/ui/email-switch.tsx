// An e-mail's on/off switch on /profile/reminders (the growing tips, "Your garden this month"): a
// form posting its intent and the wanted state in one field, so it works before JavaScript
// loads; what the e-mail is, whether it is on and why (a long address wraps at 390 px), and one
// button that switches it.
import type { ReactNode } from "react";
import { Form } from "react-router";

export function EmailSwitch({
  intent,
  field,
  on,
  about,
  state,
  label,
  busy,
  testId,
}: {
  intent: string;
  /** The form field carrying "on" or "off": the state the button asks for. */
  field: string;
  on: boolean;
  /** What the e-mail is. */
  about: ReactNode;
  /** After "On"/"Off": ": sent to …", ": you won't get it." */
  state: ReactNode;
  /** The button's words for each state it switches to. */
  label: { on: string; off: string };
  busy: boolean;
  testId: string;
}) {
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={field} value={on ? "off" : "on"} />
      <p className="text-sm text-ink/80">{about}</p>
      <p data-testid={testId} className="[overflow-wrap:anywhere]">
        <strong>{on ? "On" : "Off"}</strong>
        {state}
      </p>
      <button type="submit" className="btn-secondary self-start" disabled={busy}>
        {on ? label.off : label.on}
      </button>
    </Form>
  );
}
