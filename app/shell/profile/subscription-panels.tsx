// The cards of /profile/subscription (issue 21): the subscription and its next box, pausing and
// the plan (delivery and card: subscription-delivery.tsx; cancelling and the history:
// subscription-cancel.tsx); and the empty state for a member without a subscription. Plain forms:
// each works before (and without) JavaScript, with labels and fieldsets a screen reader names.
import { Link } from "react-router";
import { FormField } from "#app/components/ui/form-field.tsx";
import { RadioCard, type RadioCardProps } from "#app/components/ui/radio-card.tsx";
import { paths } from "#app/lib/paths.ts";
import type { SubscriptionOverview } from "#app/modules/subscriptions/get-subscription-overview.server.ts";
import type { Answer } from "#app/modules/accounts/profile/answer.ts";
import {
  AnswerMessage,
  fieldOf,
  IntentForm,
  Section,
} from "#app/modules/accounts/profile/profile-ui.tsx";
import { AskCoachLink } from "#app/modules/coaching/ask-coach-link.tsx";
import { TextList } from "#app/components/ui/text-list.tsx";
import { PlanConfirmation } from "#app/modules/subscriptions/plan-confirmation.tsx";

export type Sub = NonNullable<SubscriptionOverview["subscription"]>;
type Empty = Extract<SubscriptionOverview, { subscription: null }>;

export interface PanelProps {
  sub: Sub;
  requestKey: string;
  busyIntent?: string;
}

export const RADIO =
  "flex min-h-11 flex-wrap items-center gap-3 rounded-xl border border-ink/15 bg-white p-3 has-checked:border-leaf has-checked:ring-2 has-checked:ring-leaf has-disabled:border-dashed";
export const LINK = "font-semibold text-leaf-dark underline underline-offset-4";
export const SELECT =
  "min-h-11 rounded-xl border border-ink/20 bg-white px-4 py-2 text-base aria-invalid:border-clay-dark";

/** One choice of a change's radio group: a card that shows when it is chosen. */
export function ChoiceCard(props: Omit<RadioCardProps, "className">) {
  return <RadioCard className={RADIO} {...props} />;
}

/**
 * A change's form: what refused it last time above it, the page's request key (a retried submit
 * changes once), a secondary button (primary for the one thing to do, as resuming), busy while
 * this change is sent.
 */
export function ChangeForm({
  intent,
  requestKey,
  busyIntent,
  answer,
  primary,
  className = primary ? "flex flex-col" : "flex flex-col gap-4",
  ...rest
}: Omit<Parameters<typeof IntentForm>[0], "fields" | "busy" | "buttonClassName"> & {
  requestKey: string;
  busyIntent?: string;
  answer?: Answer;
  primary?: boolean;
}) {
  return (
    <>
      <AnswerMessage answer={answer?.ok ? undefined : answer} errors />
      <IntentForm
        intent={intent}
        answer={answer}
        fields={{ requestKey }}
        buttonClassName={primary ? "btn-primary self-start" : "btn-secondary self-start"}
        className={className}
        busy={busyIntent === intent}
        {...rest}
      />
    </>
  );
}

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
        <ChangeForm
          intent="keep"
          requestKey={requestKey}
          busyIntent={busyIntent}
          submit="Keep my subscription"
          primary
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
          <TextList className="mt-1 list-disc pl-6" items={next.contents} />
          <p className="mt-3">
            Not sure what to do with something in it?{" "}
            <AskCoachLink from="box">Ask a coach</AskCoachLink>
          </p>
          {next.swaps.length > 0 ? (
            <details className="mt-4 rounded-xl border border-ink/15 bg-white p-3">
              <summary className="cursor-pointer font-semibold">Swap an item</summary>
              <p className="mt-2 text-sm text-ink/75">
                Until the cutoff, an item can be swapped for another of the same size that&apos;s in
                season for a {next.month} box where you grow.
              </p>
              {next.swaps.some((s) => s.options.length > 0) ? (
                <ul className="mt-3 flex flex-col gap-3">
                  {next.swaps
                    .filter((s) => s.options.length > 0)
                    .map((s) => (
                      <li key={s.itemId}>
                        <IntentForm
                          intent="swap"
                          fields={{ requestKey, itemId: s.itemId }}
                          submit="Swap"
                          busy={busyIntent === "swap"}
                          className="flex flex-wrap items-end gap-2"
                          noValidate
                        >
                          <label className="flex min-w-0 flex-1 flex-col text-sm">
                            <span className="font-semibold">{s.name}, for</span>
                            <select
                              name="replacementId"
                              required
                              defaultValue=""
                              className="mt-1 min-h-11 w-full rounded-lg border border-ink/20 bg-white px-2"
                            >
                              <option value="">Choose an item</option>
                              {s.options.map((o) => (
                                <option key={o.id} value={o.id}>
                                  {o.name}
                                </option>
                              ))}
                            </select>
                          </label>
                        </IntentForm>
                      </li>
                    ))}
                </ul>
              ) : (
                <p className="mt-3 text-sm">
                  Nothing else of the same size is in season for a {next.month} box, so there&apos;s
                  nothing to swap this month.
                </p>
              )}
            </details>
          ) : null}
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
          <ChangeForm
            intent="resume"
            requestKey={requestKey}
            busyIntent={busyIntent}
            submit="Resume deliveries"
            primary
          />
        </div>
      ) : null}
      {sub.status === "past_due" ? (
        <p>Update your card below first: deliveries can&apos;t be paused while a payment is due.</p>
      ) : (
        <ChangeForm
          intent="pause"
          requestKey={requestKey}
          busyIntent={busyIntent}
          submit={sub.status === "paused" ? "Change the pause" : "Pause deliveries"}
          className="mt-4 flex flex-col gap-4"
          noValidate
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2">
              {sub.status === "paused" ? "Pause until another day instead:" : "Pause for:"}
            </legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {(["1", "2", "3"] as const).map((m) => (
                <ChoiceCard key={m} name="pauseFor" value={m}>
                  {m === "1" ? "1 month" : `${m} months`}
                </ChoiceCard>
              ))}
            </div>
            <ChoiceCard name="pauseFor" value="date">
              Until a date
            </ChoiceCard>
            <FormField
              {...fieldOf(answer, "until")}
              type="date"
              label="Last day of the pause"
              hint="Choose this with 'Until a date'."
            />
          </fieldset>
        </ChangeForm>
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
  const confirm = answer?.confirmPlan;
  return (
    <Section id="change-plan" title="Change plan">
      {confirm ? (
        <PlanConfirmationStep
          confirm={confirm}
          requestKey={requestKey}
          busyIntent={busyIntent}
          refusal={answer?.ok ? undefined : answer?.message}
        />
      ) : (
        <ChangeForm
          intent="plan"
          requestKey={requestKey}
          busyIntent={busyIntent}
          answer={answer}
          submit="Change plan"
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2">
              A new plan starts with the box of the week starting {sub.changeFrom}, at its price:
            </legend>
            {sub.plans.map((p) => (
              <ChoiceCard key={p.id} name="plan" value={p.id} defaultChecked={p.current}>
                <span className="flex-1">
                  <span className="block font-semibold">
                    {p.size}
                    {p.current ? " (your plan)" : ""}
                  </span>
                  <span className="block text-sm text-ink/75">{p.description}</span>
                </span>
                <span className="ml-auto font-semibold whitespace-nowrap">{p.price} a month</span>
              </ChoiceCard>
            ))}
          </fieldset>
        </ChangeForm>
      )}
    </Section>
  );
}

/** The plan change's confirmation step (issue 39), with the member's buttons. */
function PlanConfirmationStep({
  confirm,
  requestKey,
  busyIntent,
  refusal,
}: {
  confirm: NonNullable<Answer["confirmPlan"]>;
  requestKey: string;
  busyIntent?: string;
  refusal?: string;
}) {
  return (
    <PlanConfirmation confirm={confirm} whose="Your" refusal={refusal}>
      <IntentForm
        intent="plan"
        fields={{
          requestKey,
          plan: confirm.plan,
          confirm: "yes",
          confirmDrops: confirm.confirmDrops,
        }}
        submit={`Confirm: change to ${confirm.size}`}
        buttonClassName="btn-primary"
        busy={busyIntent === "plan"}
      />
      <Link to={paths.profileSubscription} className="btn-secondary">
        Keep my plan
      </Link>
    </PlanConfirmation>
  );
}
