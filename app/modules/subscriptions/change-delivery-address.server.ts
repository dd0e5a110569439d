// Changing the delivery address (issue 21): the checkout's NZ address fields and rules, in a
// region open for subscriptions. Boxes not yet packed go to the new address.
import { checkoutFieldErrors } from "#app/modules/checkout/checkout.schema.ts";
import {
  changeSubscription,
  notRunning,
  refused,
  type ChangeOutcome,
  type ChangeRequest,
} from "./change-subscription.server.ts";
import { deliveryAddressSchema, MANAGE_MESSAGES } from "./manage.schema.ts";
import { boxesFollowZone } from "./box-changes.server.ts";
import { isRegionOpen } from "./regions.server.ts";

export const ADDRESS_MESSAGES = {
  invalid: "Please check the address and try again.",
  same: "That's already your delivery address: nothing has changed.",
} as const;

export async function changeDeliveryAddress(
  raw: unknown,
  who: Omit<ChangeRequest, "requestKey">,
): Promise<ChangeOutcome> {
  const parsed = deliveryAddressSchema.safeParse(raw);
  if (!parsed.success) return refused(ADDRESS_MESSAGES.invalid, checkoutFieldErrors(parsed.error));
  const { requestKey, address: a } = parsed.data;
  if (!(await isRegionOpen(a.region)))
    return refused(MANAGE_MESSAGES.regionClosed(a.region), {
      region: MANAGE_MESSAGES.regionClosed(a.region),
    });
  const address = {
    street: a.street,
    suburb: a.suburb || undefined,
    city: a.city,
    state: a.region,
    zip: a.postcode,
    country: "New Zealand",
    rural: a.rural,
  };
  const written = [a.street, a.suburb, a.city, `${a.region} ${a.postcode}`]
    .filter(Boolean)
    .join(", ");
  return changeSubscription({ ...who, requestKey }, (sub, now) => {
    const stop = notRunning(sub);
    if (stop) return stop;
    const old = sub.address;
    if (
      old.street === address.street &&
      (old.suburb ?? "") === (address.suburb ?? "") &&
      old.city === address.city &&
      old.state === address.state &&
      old.zip === address.zip &&
      Boolean(old.rural) === address.rural
    )
      return { unchanged: true, message: ADDRESS_MESSAGES.same };
    return {
      type: "address_changed",
      set: { address, region: a.region },
      after: (tx, changed) => boxesFollowZone(tx, changed, now),
      data: { address },
      message: `Your boxes now go to ${written}${a.rural ? " (rural delivery)" : ""}.`,
    };
  });
}
