// The profile's "Your planting calendar" panel: the member's own feed (their region and box size),
// to subscribe to or paste into Google Calendar, the box size it follows, and resetting its secret
// address. Plain forms, so it all works before JavaScript has loaded.
import { Form, Link } from "react-router";
import { FormMessage } from "#app/components/ui/form-field.tsx";
import { paths } from "#app/lib/paths.ts";
import { plans } from "#app/modules/subscriptions/plans.ts";

export interface PersonalCalendarView {
  region: string | null;
  planId: string;
  /** "1m²" */
  planSize: string;
  /** The calendar follows the member's subscription's plan: there is no box size to choose. */
  planFromSubscription: boolean;
  feedUrl: string;
  subscribeUrl: string;
}

export interface CalendarAnswer {
  intent: string;
  ok: boolean;
  message?: string;
}

export const CALENDAR_INTENTS = { plan: "calendar-plan", reset: "calendar-reset" } as const;

export function PersonalCalendarPanel({
  calendar,
  result,
  busyIntent,
}: {
  calendar: PersonalCalendarView;
  result?: CalendarAnswer;
  busyIntent: string;
}) {
  const mine =
    result?.intent === CALENDAR_INTENTS.plan || result?.intent === CALENDAR_INTENTS.reset
      ? result
      : undefined;
  return (
    <div className="flex flex-col gap-5">
      {mine?.message && (
        <FormMessage tone={mine.ok ? "success" : "error"}>{mine.message}</FormMessage>
      )}
      {calendar.region ? (
        <p className="text-ink/80">
          A year of Saturday-morning garden sessions for <strong>{calendar.region}</strong>, with a
          reminder the evening before. It follows your region and box size, so if you move or change
          box, your calendar changes with you.
        </p>
      ) : (
        <p className="rounded-xl bg-cream px-4 py-3 text-ink/80">
          Add your region under{" "}
          <Link to="/profile" className="text-leaf underline">
            Your details
          </Link>{" "}
          and your calendar fills itself in with the sowing, planting and garden jobs for your
          climate.
        </p>
      )}

      {calendar.planFromSubscription ? (
        <p data-testid="calendar-plan">
          <strong>Box size: {calendar.planSize}</strong>, your plan&apos;s. Your box deliveries and
          the last day to change each box are in it too. Change your plan under{" "}
          <Link to={paths.profileSubscription} className="text-leaf underline">
            My box
          </Link>{" "}
          and your calendar changes with it.
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
          <input type="hidden" name="intent" value={CALENDAR_INTENTS.plan} />
          <div className="flex flex-1 flex-col gap-1.5">
            <label htmlFor="calendar-plan" className="font-semibold">
              Box size
            </label>
            <select
              id="calendar-plan"
              name="plan"
              defaultValue={calendar.planId}
              className="min-h-11 rounded-xl border border-ink/20 bg-white px-4 py-2"
            >
              {plans.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.size}: {p.plantVarieties} varieties
                </option>
              ))}
            </select>
          </div>
          <IntentButton
            intent={CALENDAR_INTENTS.plan}
            busyIntent={busyIntent}
            busyLabel="Saving..."
          >
            Save box size
          </IntentButton>
        </Form>
      )}

      {calendar.region && (
        <div className="flex flex-col gap-3">
          <a href={calendar.subscribeUrl} className="btn-primary self-start">
            Subscribe in your calendar app
          </a>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="calendar-feed-url" className="font-semibold">
              Your calendar address
            </label>
            <input
              id="calendar-feed-url"
              readOnly
              value={calendar.feedUrl}
              aria-describedby="calendar-feed-url-hint"
              className="min-h-11 w-full rounded-xl border border-ink/20 bg-cream px-3 py-2 font-mono text-sm"
            />
            <p id="calendar-feed-url-hint" className="text-sm text-ink/70">
              For Google Calendar: Other calendars, then From URL, and paste this address. Keep it
              to yourself: anyone with it can see your garden calendar.
            </p>
          </div>
        </div>
      )}

      <details className="rounded-xl bg-cream px-4 py-3">
        <summary className="cursor-pointer font-semibold">Reset your calendar address</summary>
        <p className="mt-2 text-sm text-ink/80">
          Shared the address by mistake? Make a new one. The old address stops working straight
          away, so subscribe again with the new one.
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value={CALENDAR_INTENTS.reset} />
          <IntentButton
            intent={CALENDAR_INTENTS.reset}
            busyIntent={busyIntent}
            busyLabel="Resetting..."
          >
            Make a new address
          </IntentButton>
        </Form>
      </details>

      <p className="text-sm text-ink/70">
        Planning for somewhere else? Make a calendar for any region on the{" "}
        <Link to={paths.calendar} className="text-leaf underline">
          planting calendar page
        </Link>
        .
      </p>
    </div>
  );
}

/** A form's submit button, saying what it is doing while its intent posts. */
function IntentButton({
  intent,
  busyIntent,
  busyLabel,
  children,
}: {
  intent: string;
  busyIntent: string;
  busyLabel: string;
  children: string;
}) {
  const busy = busyIntent === intent;
  return (
    <button type="submit" className="btn-secondary" disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
