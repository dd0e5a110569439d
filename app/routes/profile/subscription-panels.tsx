// The cards of /profile/subscription (issue 21): the subscription and its next box, pausing,
// the plan, delivery address and week, the card, cancelling with its one offer, and the history;
// and the empty state for a member without a subscription. Plain forms: each works before (and
// without) JavaScript, with labels and fieldsets a screen reader names.
import { Form, Link } from "react-router";
import { FormField } from "#app/components/ui/form-field.tsx";
import { RegionOptions } from "#app/components/ui/region-options.tsx";
import { paths } from "#app/lib/paths.ts";
import type { SubscriptionOverview } from "#app/modules/subscriptions/get-subscription-overview.server.ts";
import { DELIVERY_WEEK_LABELS, DELIVERY_WEEKS } from "#app/modules/subscriptions/box-dates.ts";
import type { Answer } from "./answer.ts";
import { AnswerMessage, fieldOf, IntentForm, Section } from "./profile-ui.tsx";

type Sub = NonNullable<SubscriptionOverview["subscription"]>;
type Empty = Extract<SubscriptionOverview, { subscription: null }>;

interface PanelProps {
  sub: Sub;
  requestKey: string;
  busyIntent?: string;
}

const RADIO =
  "flex min-h-11 items-center gap-3 rounded-xl border border-ink/15 bg-white p-3 has-checked:border-leaf has-checked:ring-2 has-checked:ring-leaf";
const LINK = "font-semibold text-leaf-dark underline underline-offset-4";
const SELECT =
  "min-h-11 rounded-xl border border-ink/20 bg-white px-4 py-2 text-base aria-invalid:border-clay-dark";

export function NoSubscription({ plans, region, regionOpen, ended }: Omit<Empty, "subscription">) {
  return (
    <Section id="your-subscription" title="Your subscription">
      <p>
        {ended
          ? `Your ${ended.plan} subscription has ended. You can start a new one at any time.`
          : "You don't have a monthly box yet. Seasonal seedlings, seed, compost and the month's guide card, delivered each month with free shipping."}
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {plans.map((p) => (
          <li key={p.id} className="rounded-xl border border-ink/15 p-4">
            <span className="block font-semibold">{p.size}</span>
            <span className="block text-sm text-ink/75">{p.description}</span>
            <span className="mt-1 block font-semibold">{p.price} a month</span>
          </li>
        ))}
      </ul>
      <p className="mt-5">
        {regionOpen || !region ? (
          <Link to={paths.subscribe()} className="btn-primary">
            Start my subscription
          </Link>
        ) : (
          <>
            Monthly boxes don&apos;t deliver to {region} yet.{" "}
            <Link to={paths.waitlist} className={LINK}>
              Join the waitlist for {region}
            </Link>{" "}
            and we&apos;ll e-mail you the day we open there.
          </>
        )}
      </p>
    </Section>
  );
}

/** The status, the paid box on its way, and the next box with its cutoff, amount and contents. */
export function NextBoxPanel({ sub, requestKey, busyIntent }: PanelProps) {
  const next = sub.nextBox;
  return (
    <div className="flex flex-col gap-4">
      <p data-testid="subscription-status">
        <strong>{sub.statusText}.</strong> {sub.plan.size} plan, {sub.plan.price} a month.
      </p>
      {sub.paidBox ? <p>Your paid box comes in the week starting {sub.paidBox}.</p> : null}
      {sub.resumesWith ? (
        <p>Deliveries resume with the box of the week starting {sub.resumesWith}.</p>
      ) : null}
      {sub.status === "cancelled" ? (
        <IntentForm
          intent="keep"
          fields={{ requestKey }}
          submit="Keep my subscription"
          buttonClassName="btn-primary self-start"
          className="flex flex-col"
          busy={busyIntent === "keep"}
        />
      ) : null}
      {next ? (
        <div>
          <h3 className="text-xl font-bold">Your next box</h3>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="font-semibold">Arrives</dt>
            <dd data-testid="next-box-date">
              {next.skipped ? "Skipped: " : ""}week starting {next.box}
            </dd>
            <dt className="font-semibold">Cutoff</dt>
            <dd>
              {next.locked
                ? `Locked for packing since ${next.cutoff}`
                : `${next.cutoff}: skip or change it until then`}
            </dd>
            <dt className="font-semibold">Amount</dt>
            <dd data-testid="next-box-amount">
              {next.skipped ? "Nothing: skipped" : next.amount}
              {next.fullPrice && !next.skipped ? ` (instead of ${next.fullPrice})` : ""}
              {next.skipped ? "" : `, includes GST of ${next.gst}`}
            </dd>
          </dl>
          <h4 className="mt-4 font-semibold">In the box</h4>
          <ul className="mt-1 list-disc pl-6">
            {next.contents.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          {next.locked ? null : (
            <IntentForm
              intent={next.skipped ? "unskip" : "skip"}
              fields={{ requestKey }}
              submit={next.skipped ? "Put this box back" : "Skip this box"}
              buttonClassName="btn-secondary"
              className="mt-4"
              busy={busyIntent === "skip" || busyIntent === "unskip"}
            />
          )}
        </div>
      ) : null}
    </div>
  );
}

export function PausePanel({
  sub,
  requestKey,
  busyIntent,
  answer,
}: PanelProps & { answer?: Answer }) {
  return (
    <Section id="pause" title={sub.status === "paused" ? "Resume deliveries" : "Pause deliveries"}>
      <AnswerMessage answer={answer?.ok ? undefined : answer} errors />
      {sub.status === "paused" ? (
        <div className="flex flex-col gap-4">
          <p>
            {sub.resumesWith
              ? `Your deliveries are paused. They resume by themselves with the box of the week starting ${sub.resumesWith}, or now:`
              : "Your deliveries are paused because a payment didn't go through. Update your card below to start them again."}
          </p>
          <IntentForm
            intent="resume"
            fields={{ requestKey }}
            submit="Resume deliveries"
            buttonClassName="btn-primary self-start"
            className="flex flex-col"
            busy={busyIntent === "resume"}
          />
        </div>
      ) : null}
      {sub.status === "past_due" ? (
        <p>Update your card below first: deliveries can&apos;t be paused while a payment is due.</p>
      ) : (
        <IntentForm
          intent="pause"
          fields={{ requestKey }}
          submit={sub.status === "paused" ? "Change the pause" : "Pause deliveries"}
          buttonClassName="btn-secondary self-start"
          className="mt-4 flex flex-col gap-4"
          busy={busyIntent === "pause"}
          noValidate
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2">
              {sub.status === "paused" ? "Pause until another day instead:" : "Pause for:"}
            </legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {(["1", "2", "3"] as const).map((m) => (
                <label key={m} className={RADIO}>
                  <input type="radio" name="pauseFor" value={m} className="h-5 w-5 accent-leaf" />
                  {m === "1" ? "1 month" : `${m} months`}
                </label>
              ))}
            </div>
            <label className={RADIO}>
              <input type="radio" name="pauseFor" value="date" className="h-5 w-5 accent-leaf" />
              Until a date
            </label>
            <FormField
              {...fieldOf(answer, "until")}
              type="date"
              label="Last day of the pause"
              hint="Choose this with 'Until a date'."
            />
          </fieldset>
        </IntentForm>
      )}
    </Section>
  );
}

export function ChangePlanPanel({
  sub,
  requestKey,
  busyIntent,
  answer,
}: PanelProps & { answer?: Answer }) {
  return (
    <Section id="change-plan" title="Change plan">
      <AnswerMessage answer={answer?.ok ? undefined : answer} errors />
      <IntentForm
        intent="plan"
        fields={{ requestKey }}
        submit="Change plan"
        buttonClassName="btn-secondary self-start"
        className="flex flex-col gap-4"
        busy={busyIntent === "plan"}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2">
            A new plan starts with the box of the week starting {sub.changeFrom}, at its price:
          </legend>
          {sub.plans.map((p) => (
            <label key={p.id} className={RADIO}>
              <input
                type="radio"
                name="plan"
                value={p.id}
                defaultChecked={p.current}
                className="h-5 w-5 accent-leaf"
              />
              <span className="flex-1">
                <span className="block font-semibold">
                  {p.size}
                  {p.current ? " (your plan)" : ""}
                </span>
                <span className="block text-sm text-ink/75">{p.description}</span>
              </span>
              <span className="font-semibold whitespace-nowrap">{p.price} a month</span>
            </label>
          ))}
        </fieldset>
      </IntentForm>
    </Section>
  );
}

export function DeliveryPanel({
  sub,
  requestKey,
  busyIntent,
  addressAnswer,
  weekAnswer,
}: PanelProps & { addressAnswer?: Answer; weekAnswer?: Answer }) {
  const a = sub.address;
  const err = addressAnswer?.fieldErrors ?? {};
  return (
    <Section id="delivery" title="Delivery">
      <AnswerMessage answer={addressAnswer?.ok ? undefined : addressAnswer} errors />
      <IntentForm
        intent="address"
        fields={{ requestKey }}
        submit="Save address"
        buttonClassName="btn-secondary self-start"
        className="flex flex-col gap-4"
        busy={busyIntent === "address"}
        noValidate
      >
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-1 font-semibold">Delivery address</legend>
          <FormField
            {...fieldOf(addressAnswer, "street")}
            label="Street address"
            autoComplete="address-line1"
            defaultValue={a.street}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              {...fieldOf(addressAnswer, "suburb")}
              label="Suburb (optional)"
              autoComplete="address-line2"
              defaultValue={a.suburb}
            />
            <FormField
              {...fieldOf(addressAnswer, "city")}
              label="Town or city"
              autoComplete="address-level2"
              defaultValue={a.city}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="region" label="Region" error={err.region}>
              <select
                id="region"
                name="region"
                defaultValue={a.region}
                autoComplete="address-level1"
                aria-invalid={err.region ? true : undefined}
                aria-describedby={err.region ? "region-error" : undefined}
                className={SELECT}
              >
                <RegionOptions />
              </select>
            </FormField>
            <FormField
              {...fieldOf(addressAnswer, "postcode")}
              label="Postcode"
              inputMode="numeric"
              maxLength={4}
              autoComplete="postal-code"
              defaultValue={a.postcode}
            />
          </div>
          <label className="flex min-h-11 items-start gap-3">
            <input
              type="checkbox"
              name="rural"
              defaultChecked={a.rural}
              className="mt-1 h-5 w-5 accent-leaf"
            />
            <span>This is a rural delivery address (RD)</span>
          </label>
        </fieldset>
      </IntentForm>

      <div className="mt-8">
        <AnswerMessage answer={weekAnswer?.ok ? undefined : weekAnswer} errors />
        <IntentForm
          intent="week"
          fields={{ requestKey }}
          submit="Change week"
          buttonClassName="btn-secondary self-start"
          className="flex flex-col gap-4"
          busy={busyIntent === "week"}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-semibold">Delivery week</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {DELIVERY_WEEKS.map((w) => (
                <label key={w} className={RADIO}>
                  <input
                    type="radio"
                    name="deliveryWeek"
                    value={w}
                    defaultChecked={sub.deliveryWeek === w}
                    className="h-5 w-5 accent-leaf"
                  />
                  {DELIVERY_WEEK_LABELS[w]}
                </label>
              ))}
            </div>
          </fieldset>
        </IntentForm>
      </div>
    </Section>
  );
}

export function CardPanel({
  sub,
  requestKey,
  busyIntent,
  answer,
  payments,
  demoNotice,
}: PanelProps & { answer?: Answer; payments: "demo" | "none"; demoNotice: string }) {
  const due = sub.status === "past_due" || (sub.status === "paused" && !sub.pausedUntil);
  return (
    <Section id="card" title="Card">
      <p>
        Your boxes are charged to your <strong>{sub.cardLabel}</strong>.
        {due ? " Updating it retries the payment that didn't go through at once." : ""}
      </p>
      {payments === "demo" ? (
        <IntentForm
          intent="card"
          fields={{ requestKey }}
          submit="Update card"
          buttonClassName="btn-secondary self-start"
          className="mt-4 flex flex-col gap-4"
          busy={busyIntent === "card"}
          noValidate
        >
          <AnswerMessage answer={answer?.ok ? undefined : answer} errors />
          <p className="rounded-xl border-2 border-sun bg-sun/20 p-3 text-sm">
            <strong>{demoNotice}</strong> Use 4242 4242 4242 4242 with any future expiry and CVC.
          </p>
          <FormField
            {...fieldOf(answer, "cardNumber")}
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
          />
          <div className="grid grid-cols-2 gap-4">
            <FormField
              {...fieldOf(answer, "cardExpiry")}
              label="Expiry (MM/YY)"
              autoComplete="cc-exp"
            />
            <FormField
              {...fieldOf(answer, "cardCvc")}
              label="Security code (CVC)"
              inputMode="numeric"
              autoComplete="cc-csc"
            />
          </div>
        </IntentForm>
      ) : (
        <p className="mt-3">Card changes aren&apos;t available right now.</p>
      )}
    </Section>
  );
}

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
              <label key={r.id} className={RADIO}>
                <input
                  type="radio"
                  name="cancel"
                  value={r.id}
                  required
                  className="h-5 w-5 accent-leaf"
                />
                {r.label}
              </label>
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
        <p className="text-lg font-semibold">{cancel.offer.title}</p>
        <p>{cancel.offer.text}</p>
        <div className="flex flex-wrap gap-3">
          <IntentForm
            intent="offer"
            fields={{ requestKey, reason: cancel.reason }}
            submit={cancel.offer.accept}
            buttonClassName="btn-primary"
            busy={busyIntent === "offer"}
          />
          <IntentForm
            intent="cancel"
            fields={{ requestKey, reason: cancel.reason }}
            submit="No thanks, cancel"
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
