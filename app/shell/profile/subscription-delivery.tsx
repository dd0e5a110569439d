// The delivery and card cards of /profile/subscription (issue 21): the checkout's NZ address fields,
// the delivery week, and the card the boxes are charged to (the demo provider's test cards). Plain
// forms that work without JavaScript; refusals are said beside their fields. A week whose packing
// day is full is shown greyed out and can't be chosen (issue 40).
import { FormField } from "#app/components/ui/form-field.tsx";
import { RegionField, RuralField } from "#app/components/ui/address-fields.tsx";
import { DELIVERY_WEEK_LABELS } from "#app/modules/subscriptions/box-dates.ts";
import type { Answer } from "#app/modules/accounts/profile/answer.ts";
import { fieldOf, Section } from "#app/modules/accounts/profile/profile-ui.tsx";
import { ChangeForm, ChoiceCard, SELECT, type PanelProps } from "./subscription-panels.tsx";

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
      <ChangeForm
        intent="address"
        requestKey={requestKey}
        busyIntent={busyIntent}
        answer={addressAnswer}
        submit="Save address"
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
            <RegionField error={err.region} defaultValue={a.region} className={SELECT} />
            <FormField
              {...fieldOf(addressAnswer, "postcode")}
              label="Postcode"
              inputMode="numeric"
              maxLength={4}
              autoComplete="postal-code"
              defaultValue={a.postcode}
            />
          </div>
          <RuralField defaultChecked={a.rural} />
        </fieldset>
      </ChangeForm>

      <div className="mt-8">
        <ChangeForm
          intent="week"
          requestKey={requestKey}
          busyIntent={busyIntent}
          answer={weekAnswer}
          submit="Change week"
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-semibold">Delivery week</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {sub.weeks.map(({ week: w, firstBox, full }) => (
                <ChoiceCard
                  key={w}
                  name="deliveryWeek"
                  value={w}
                  defaultChecked={sub.deliveryWeek === w}
                  disabled={full}
                >
                  <span className="flex flex-col">
                    <span>{DELIVERY_WEEK_LABELS[w]}</span>
                    {sub.deliveryWeek === w ? null : (
                      <span className="text-sm font-normal text-ink/75">
                        {full
                          ? `Full: the packing day of ${firstBox} has no room left`
                          : `From the box of the week starting ${firstBox}`}
                      </span>
                    )}
                  </span>
                </ChoiceCard>
              ))}
            </div>
          </fieldset>
        </ChangeForm>
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
      {sub.prepaid ? (
        <p data-testid="prepaid-note">
          No card is saved: your credit ({sub.prepaid.credit}) pays for your boxes, enough for{" "}
          {sub.prepaid.boxesLeft} more at {sub.plan.price}. When it runs out your subscription ends
          and nothing is charged, unless you add a card here to keep your boxes coming.
        </p>
      ) : (
        <p>
          Your boxes are charged to your <strong>{sub.cardLabel}</strong>.
          {due ? " Updating it retries the payment that didn't go through at once." : ""}
        </p>
      )}
      {payments === "demo" ? (
        <ChangeForm
          intent="card"
          requestKey={requestKey}
          busyIntent={busyIntent}
          answer={answer}
          submit={sub.prepaid ? "Add card" : "Update card"}
          className="mt-4 flex flex-col gap-4"
          noValidate
        >
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
        </ChangeForm>
      ) : (
        <p className="mt-3">Card changes aren&apos;t available right now.</p>
      )}
    </Section>
  );
}
