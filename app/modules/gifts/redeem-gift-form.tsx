// The redeem page's parts (issue 22, ADR 043): the code (a GET form, so the e-mail's link and a
// typed code land on the same page), the gift it finds, and the form that redeems it with the
// delivery address and week (/subscribe's fields); and a gift held for a region, started from
// here once that region opens. Plain forms: each works before (and without) JavaScript.
import { useMemo, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { FormField, FormMessage } from "#app/components/ui/form-field.tsx";
import { paths } from "#app/lib/paths.ts";
import type { DeliveryWeek } from "#app/modules/subscriptions/box-dates.ts";
import {
  DeliveryAddressFields,
  DeliveryWeekFields,
} from "#app/modules/subscriptions/subscribe-form.tsx";
import { HOLD_STATEMENT } from "./gift-terms.ts";
import type { GiftPreview, HeldGift } from "./redeem-gift.server.ts";

export interface RedeemAnswer {
  intent: string;
  message: string;
  fieldErrors?: Record<string, string>;
}

type Address = {
  street?: string;
  suburb?: string;
  city?: string;
  region?: string;
  postcode?: string;
};

export function GiftCodeForm({ code, error }: { code: string; error?: string }) {
  return (
    <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
      <div className="flex-1">
        <FormField
          id="code"
          name="code"
          label="Gift code"
          defaultValue={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          placeholder="7KQ2-M9XD-4HTR-P3WA"
          hint="16 letters and numbers, from the e-mail that came with your gift."
          error={error}
        />
      </div>
      <button type="submit" className="btn-secondary sm:mb-7">
        Check code
      </button>
    </Form>
  );
}

export function GiftCard({ gift }: { gift: GiftPreview }) {
  return (
    <section aria-labelledby="gift-title" className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="gift-title" className="text-2xl font-bold">
        {gift.from} has given you {gift.what}
      </h2>
      <p className="mt-2 text-ink/80">
        Worth {gift.value}: seasonal seedlings, seed, compost and the month&apos;s guide each month,
        with free shipping. It&apos;s prepaid: no card needed.
      </p>
      {gift.message ? (
        <figure className="mt-4 rounded-xl bg-cream p-4">
          <blockquote className="whitespace-pre-line wrap-anywhere">{gift.message}</blockquote>
          <figcaption className="mt-2 text-sm text-ink/75">{gift.from}</figcaption>
        </figure>
      ) : null}
    </section>
  );
}

/**
 * Where and when the boxes go, for a code being redeemed (intent "redeem", the code hidden) or a
 * held gift being started (intent "start-held", its id hidden).
 */
export function DeliveryForm({
  intent,
  hidden,
  submit,
  address,
  deliveryWeek,
  openRegions,
  answer,
  holdNote,
  firstBoxes,
  fullWeeks = [],
}: {
  intent: "redeem" | "start-held";
  hidden: Record<string, string>;
  submit: string;
  address: Address;
  deliveryWeek?: number;
  openRegions: readonly string[];
  answer?: RedeemAnswer;
  /** Whether a region not open yet may hold the gift (redeeming), or must be open (starting). */
  holdNote: boolean;
  /** Each week's first box, printed on its option (issue 39). */
  firstBoxes?: Record<DeliveryWeek, string>;
  /** Weeks whose first packing day is full (issue 40): not selectable where boxes would start. */
  fullWeeks?: readonly DeliveryWeek[];
}) {
  const mine = answer?.intent === intent ? answer : undefined;
  const errors = mine?.fieldErrors ?? {};
  // The code is this form's hidden field: its message is the code form's, not in this summary.
  const fieldsHere = useMemo(() => {
    if (!mine?.fieldErrors) return null;
    const { code: _code, ...rest } = mine.fieldErrors;
    return Object.keys(rest).length > 0 ? rest : null;
  }, [mine]);
  const [region, setRegion] = useState(address.region ?? "");
  const [week, setWeek] = useState<DeliveryWeek>((deliveryWeek ?? 1) as DeliveryWeek);
  const busy = useNavigation().formData?.get("intent") === intent;
  const closed = region !== "" && !openRegions.includes(region);
  return (
    <Form method="post" className="mt-6 flex flex-col gap-8" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ErrorSummary errors={fieldsHere} />
      {mine && !mine.fieldErrors ? <FormMessage tone="error">{mine.message}</FormMessage> : null}
      <DeliveryAddressFields
        address={address}
        errors={errors}
        openRegions={openRegions}
        region={region}
        onRegion={setRegion}
        closedNote={(r) =>
          holdNote
            ? `We don't deliver to ${r} yet. Redeem your gift anyway: we'll keep your place on the ${r} waitlist and your gift as credit, and e-mail you the day we open there.`
            : `We don't deliver to ${r} yet: your gift stays kept until we do.`
        }
      />
      <DeliveryWeekFields
        week={week}
        onWeek={setWeek}
        error={errors.deliveryWeek}
        firstBoxes={firstBoxes}
        // A gift held for a region not open yet starts no box now: any week may be kept.
        fullWeeks={closed ? [] : fullWeeks}
      />
      <div className="flex flex-col gap-3">
        {holdNote ? <p className="text-sm text-ink/70">{HOLD_STATEMENT}</p> : null}
        <button
          type="submit"
          className="btn-primary self-start"
          disabled={busy || (closed && !holdNote)}
        >
          {busy ? "Redeeming..." : closed && holdNote ? "Keep my gift and my place" : submit}
        </button>
      </div>
    </Form>
  );
}

export function HeldGiftPanel({
  gift,
  openRegions,
  answer,
  firstBoxes,
  fullWeeks,
}: {
  gift: HeldGift;
  openRegions: readonly string[];
  answer?: RedeemAnswer;
  firstBoxes?: Record<DeliveryWeek, string>;
  fullWeeks?: readonly DeliveryWeek[];
}) {
  return (
    <section aria-labelledby={`held-${gift.id}`} className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 id={`held-${gift.id}`} className="text-2xl font-bold">
        Your gift from {gift.from} is waiting
      </h2>
      {gift.regionOpen ? (
        <>
          <p className="mt-2" data-testid="held-open">
            We deliver to {gift.region} now. Start your prepaid boxes ({gift.what}): no card needed.
          </p>
          <DeliveryForm
            intent="start-held"
            hidden={{ giftId: gift.id }}
            submit="Start my gift boxes"
            address={gift.address}
            deliveryWeek={gift.deliveryWeek}
            firstBoxes={firstBoxes}
            fullWeeks={fullWeeks}
            openRegions={openRegions}
            answer={answer}
            holdNote={false}
          />
        </>
      ) : (
        <p className="mt-2" data-testid="held-waiting">
          We don&apos;t deliver to {gift.region} yet. Your place on its waitlist and your gift (
          {gift.what}, {gift.value} of credit) are kept, and we&apos;ll e-mail you the day we open
          there. Your credit shows on your{" "}
          <Link to={paths.profileSubscription} className="font-semibold text-leaf-dark underline">
            subscription page
          </Link>
          .
        </p>
      )}
    </section>
  );
}
