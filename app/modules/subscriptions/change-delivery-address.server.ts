// Changing the delivery address (issue 21): the checkout's NZ address fields and rules, in a
// region open for subscriptions. Boxes not yet packed go to the new address.
import { checkoutFieldErrors, storedAddress } from "#app/modules/checkout/checkout.schema.ts";
import { notRunning, refused, type SubscriptionRow } from "./change-subscription.server.ts";
import {
  deliveryAddressSchema,
  MANAGE_MESSAGES,
  type DeliveryAddressInput,
} from "./manage.schema.ts";
import { memberChange } from "./member-change.server.ts";
import { boxesFollowZone } from "./box-changes.server.ts";
import { isRegionOpen } from "./regions.server.ts";

export const ADDRESS_MESSAGES = {
  invalid: "Please check the address and try again.",
  same: "That's already your delivery address: nothing has changed.",
} as const;

/** The subscription's address as the address form's fields fill with it. */
export function addressFormOf(address: SubscriptionRow["address"]) {
  return {
    street: address.street,
    suburb: address.suburb ?? "",
    city: address.city,
    region: address.state,
    postcode: address.zip,
    rural: Boolean(address.rural),
  };
}

/** The address as the subscription keeps it, and as the page and e-mail write it. */
function addressOf(a: DeliveryAddressInput["address"]) {
  const address = storedAddress(a);
  const written = [a.street, a.suburb, a.city, `${a.region} ${a.postcode}`]
    .filter(Boolean)
    .join(", ");
  return { address, written };
}

export const changeDeliveryAddress = memberChange(
  deliveryAddressSchema,
  {
    invalid: ADDRESS_MESSAGES.invalid,
    errorsOf: checkoutFieldErrors,
    check: async ({ address: a }) =>
      (await isRegionOpen(a.region))
        ? null
        : refused(MANAGE_MESSAGES.regionClosed(a.region), {
            region: MANAGE_MESSAGES.regionClosed(a.region),
          }),
  },
  ({ address: a }, sub, now) => {
    const { address, written } = addressOf(a);
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
  },
);
