// Cancelling on /profile/subscription (issue 21): one reason (a GET form, so the offer is a page
// of its own), then the one offer that reason is met with beside 'No thanks, cancel'; and the
// history of every change, newest first.
import { Form, Link } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { IntentForm, Section } from "#app/modules/accounts/profile/profile-ui.tsx";
import { LINK, ChoiceCard, type PanelProps, type Sub } from "./subscription-panels.tsx";

/** The reason (a GET form: the offer is its own page), or the one offer with 'No thanks, cancel'. */
export function CancelPanel({
  sub,
  cancel,
  requestKey,
  busyIntent,
}: PanelProps & { cancel: Sub["cancel"] }) {
  if (!cancel)
    return (
      <Section id="cancel" title="Cancel subscription">
        <Form method="get" className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2">
              Why are you cancelling? Your subscription ends after the period you&apos;ve paid for.
            </legend>
            {sub.cancelReasons.map((r) => (
              <ChoiceCard key={r.id} name="cancel" value={r.id} required>
                {r.label}
              </ChoiceCard>
            ))}
          </fieldset>
          <button type="submit" className="btn-secondary self-start">
            Cancel subscription
          </button>
        </Form>
      </Section>
    );
  return (
    <Section id="cancel" title="Before you go">
      <div className="flex flex-col gap-4">
        {cancel.offer ? (
          <>
            <p className="text-lg font-semibold">{cancel.offer.title}</p>
            <p>{cancel.offer.text}</p>
          </>
        ) : (
          <p>Your subscription ends after the period you&apos;ve paid for.</p>
        )}
        <div className="flex flex-wrap gap-3">
          {cancel.offer ? (
            <IntentForm
              intent="offer"
              fields={{ requestKey, reason: cancel.reason }}
              submit={cancel.offer.accept}
              buttonClassName="btn-primary"
              busy={busyIntent === "offer"}
            />
          ) : null}
          <IntentForm
            intent="cancel"
            fields={{ requestKey, reason: cancel.reason }}
            submit={cancel.offer ? "No thanks, cancel" : "Cancel my subscription"}
            buttonClassName="btn-secondary"
            busy={busyIntent === "cancel"}
          />
        </div>
        <Link to={paths.profileSubscription} className={`${LINK} self-start`}>
          Back to my subscription, unchanged
        </Link>
      </div>
    </Section>
  );
}

export function HistoryPanel({ history }: { history: Sub["history"] }) {
  return (
    <Section id="history" title="History">
      <ol className="flex flex-col gap-3">
        {history.map((h) => (
          <li key={h.id} className="border-b border-ink/10 pb-3 last:border-0">
            <p>{h.text}</p>
            <p className="text-sm text-ink/70">
              <time dateTime={h.atIso}>{h.at}</time> · {h.by}
            </p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
