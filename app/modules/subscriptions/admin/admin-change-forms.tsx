// The admin's changes on /admin/subscriptions/{id} for a member on the phone (issue 40): plan (and
// its confirmation of which swaps stay and which go), delivery address, delivery week (each with
// its first box), a swap in the next box and a goodwill credit. Each change is its own
// details/summary group, so the page stays short on a phone; the one just refused opens with its
// words and its fields marked. Plain forms posting the page's request key: they work without
// JavaScript, and a doubled submit changes once.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { RegionField, RuralField } from "#app/components/ui/address-fields.tsx";
import { FormProblems } from "#app/components/ui/form-problems.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import { RadioCard } from "#app/components/ui/radio-card.tsx";
import { paths } from "#app/lib/paths.ts";
import type { PlanChangePreview } from "#app/modules/subscriptions/change-subscription-plan.server.ts";
import type { AdminChangeIntent } from "#app/modules/subscriptions/admin-subscriptions.schema.ts";
import { PlanConfirmation } from "#app/modules/subscriptions/plan-confirmation.tsx";
import type { AdminChangeOptions } from "./admin-changes.server.ts";

/** What the page's action answered the last change with. */
export interface AdminChangeAnswer {
  intent: string;
  error: string | null;
  fieldErrors?: Record<string, string>;
  confirmPlan?: PlanChangePreview;
}

const RADIO =
  "flex min-h-11 items-center gap-3 rounded-xl border border-ink/15 bg-white p-3 has-checked:border-leaf has-checked:ring-2 has-checked:ring-leaf has-disabled:border-dashed";
const SELECT =
  "mt-1 min-h-11 w-full rounded-xl border border-ink/20 bg-white px-3 py-2 aria-invalid:border-clay-dark";

interface FormsProps {
  subscriptionId: string;
  options: AdminChangeOptions;
  requestKey: string;
  busy: boolean;
  answer?: AdminChangeAnswer | null;
}

/** The change forms' fields whose element id isn't their name. */
const FIELD_IDS: Partial<Record<AdminChangeIntent, Record<string, string>>> = {
  credit: { amount: "credit-amount", reason: "credit-reason" },
};

/** One change: a group that opens on its summary, its refusal said inside it. */
function Change({
  intent,
  title,
  answer,
  children,
}: {
  intent: AdminChangeIntent;
  title: string;
  answer?: AdminChangeAnswer | null;
  children: ReactNode;
}) {
  const mine = answer?.intent === intent ? answer : null;
  return (
    <details
      className="rounded-xl border border-ink/15 p-3 open:pb-4"
      open={Boolean(mine?.error || mine?.confirmPlan)}
      data-testid={`change-${intent}`}
    >
      <summary className="min-h-11 cursor-pointer py-2 font-semibold">{title}</summary>
      {/* Its fields' messages in the summary (each said at its field too); else the one. */}
      <FormProblems
        error={mine?.error}
        fieldErrors={mine?.fieldErrors}
        fieldIds={FIELD_IDS[intent]}
        className="mt-2"
      />
      <div className="mt-3">{children}</div>
    </details>
  );
}

/** A change's one choice: a radio group of cards, the current one chosen. */
function Choices({
  name,
  legend,
  items,
}: {
  name: string;
  legend: string;
  items: { value: string; current: boolean; disabled?: boolean; label: ReactNode }[];
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2">{legend}</legend>
      {items.map((i) => (
        <RadioCard
          key={i.value}
          className={RADIO}
          name={name}
          value={i.value}
          defaultChecked={i.current}
          disabled={i.disabled}
        >
          {i.label}
        </RadioCard>
      ))}
    </fieldset>
  );
}

/** A change's form: the page's request key, its fields, and its button naming the change. */
function ChangeForm({
  intent,
  submit,
  requestKey,
  busy,
  children,
}: {
  intent: AdminChangeIntent;
  submit: string;
  requestKey: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="requestKey" value={requestKey} />
      {children}
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={busy}
        className="btn-secondary self-start"
      >
        {submit}
      </button>
    </Form>
  );
}

export function AdminChangeForms({
  subscriptionId,
  options,
  requestKey,
  busy,
  answer,
}: FormsProps) {
  const errors = answer?.fieldErrors ?? {};
  const err = (intent: AdminChangeIntent, field: string) =>
    answer?.intent === intent ? errors[field] : undefined;
  const a = options.address;
  const field = (
    name: "street" | "suburb" | "city" | "postcode",
    label: string,
    more: { inputMode?: "numeric"; maxLength?: number } = {},
  ) => (
    <FormField
      id={name}
      name={name}
      label={label}
      defaultValue={a[name]}
      error={err("address", name)}
      {...more}
    />
  );
  const form = { requestKey, busy };
  return (
    <div className="mt-4 flex flex-col gap-3">
      <Change intent="plan" title="Change plan" answer={answer}>
        {answer?.intent === "plan" && answer.confirmPlan ? (
          <PlanConfirmationStep
            confirm={answer.confirmPlan}
            subscriptionId={subscriptionId}
            {...form}
          />
        ) : (
          <ChangeForm intent="plan" submit="Change plan" {...form}>
            <Choices
              name="plan"
              legend={`The new plan starts with the box of the week starting ${options.changeFrom}, at its price:`}
              items={options.plans.map((p) => ({
                value: p.id,
                current: p.current,
                label: (
                  <>
                    <span className="flex-1 font-semibold">
                      {p.size}
                      {p.current ? " (current plan)" : ""}
                    </span>
                    <span className="whitespace-nowrap">{p.price} a month</span>
                  </>
                ),
              }))}
            />
          </ChangeForm>
        )}
      </Change>

      <Change intent="address" title="Change delivery address" answer={answer}>
        <ChangeForm intent="address" submit="Save address" {...form}>
          {field("street", "Street address")}
          <div className="grid gap-4 sm:grid-cols-2">
            {field("suburb", "Suburb (optional)")}
            {field("city", "Town or city")}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <RegionField
              error={err("address", "region")}
              defaultValue={a.region}
              className={SELECT}
            />
            {field("postcode", "Postcode", { inputMode: "numeric", maxLength: 4 })}
          </div>
          <RuralField defaultChecked={a.rural} />
        </ChangeForm>
      </Change>

      <Change intent="week" title="Change delivery week" answer={answer}>
        <ChangeForm intent="week" submit="Change week" {...form}>
          <Choices
            name="deliveryWeek"
            legend="Boxes come in this week of each month, from the first box shown:"
            items={options.weeks.map((w) => ({
              value: String(w.week),
              current: w.current,
              disabled: w.full,
              label: (
                <span className="flex-1">
                  <span className="block font-semibold">
                    {w.label}
                    {w.current ? " (current week)" : ""}
                  </span>
                  <span className="block text-sm text-ink/75">
                    {w.full
                      ? `Full: the packing day of ${w.firstBox} has no room left`
                      : `First box: ${w.firstBox}`}
                  </span>
                </span>
              ),
            }))}
          />
        </ChangeForm>
      </Change>

      <Change intent="swap" title="Swap an item in the next box" answer={answer}>
        <SwapForms box={options.swapBox} {...form} />
      </Change>

      <Change intent="credit" title="Grant a goodwill credit" answer={answer}>
        <ChangeForm intent="credit" submit="Grant credit" {...form}>
          <FormField
            id="credit-amount"
            name="amount"
            label="Amount in dollars"
            inputMode="decimal"
            hint="From 0.01 to 500."
            error={err("credit", "amount")}
          />
          <FormField
            id="credit-reason"
            name="reason"
            label="Reason"
            maxLength={300}
            hint="The member reads this in the e-mail telling them about the credit."
            error={err("credit", "reason")}
          />
        </ChangeForm>
      </Change>
    </div>
  );
}

/** The next box's items, each with what it may be swapped for (as the member's page offers). */
function SwapForms({
  box,
  requestKey,
  busy,
}: {
  box: AdminChangeOptions["swapBox"];
  requestKey: string;
  busy: boolean;
}) {
  if (!box)
    return (
      <p>The next box can&apos;t be changed now: it is skipped, paid for or past its cutoff.</p>
    );
  const swappable = box.items.filter((i) => i.options.length > 0);
  return (
    <>
      <p className="text-sm text-ink/75">
        The box of the week starting {box.box}, until its cutoff ({box.cutoff}): an item for another
        of the same size in season for a {box.month} box where the member grows.
      </p>
      {swappable.length === 0 ? (
        <p className="mt-3">
          Nothing else of the same size is in season, so nothing can be swapped.
        </p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {swappable.map((item) => (
            <li key={item.itemId}>
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="requestKey" value={requestKey} />
                <input type="hidden" name="itemId" value={item.itemId} />
                <label className="flex min-w-0 flex-1 flex-col text-sm">
                  <span className="font-semibold">{item.name}, for</span>
                  <select name="replacementId" defaultValue="" className={SELECT}>
                    <option value="">Choose an item</option>
                    {item.options.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.name}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="submit"
                  name="intent"
                  value="swap"
                  disabled={busy}
                  className="btn-secondary"
                  aria-label={`Swap ${item.name}`}
                >
                  Swap
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The plan change's confirmation (issue 39), read to the member before anything changes. */
function PlanConfirmationStep({
  confirm,
  subscriptionId,
  requestKey,
  busy,
}: {
  confirm: PlanChangePreview;
  subscriptionId: string;
  requestKey: string;
  busy: boolean;
}) {
  return (
    <PlanConfirmation confirm={confirm} whose="The member's">
      <Form method="post">
        <input type="hidden" name="requestKey" value={requestKey} />
        <input type="hidden" name="plan" value={confirm.plan} />
        <input type="hidden" name="confirm" value="yes" />
        <input type="hidden" name="confirmDrops" value={confirm.confirmDrops} />
        <button type="submit" name="intent" value="plan" disabled={busy} className="btn-primary">
          Confirm: change to {confirm.size}
        </button>
      </Form>
      <Link to={paths.adminSubscription(subscriptionId)} className="btn-secondary">
        Keep the plan
      </Link>
    </PlanConfirmation>
  );
}
