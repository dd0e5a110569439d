// The member's changes to plan, delivery week, delivery address and card (issue 21) against the
// real database: from the next box not yet paid for, said in words, written once with its history
// row and e-mail, refused with the form's messages when wrong.
import { expect, test } from "vitest";
import { DEMO_MESSAGES } from "#app/modules/payments/demo-payments.server.ts";
import { testCard } from "#tests/factories/cards.ts";
import { boxOn, eventsOf, rowOf } from "#tests/factories/subscription-reads.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { expectChanged } from "#tests/factories/member-changes.ts";
import { acceptCancelOffer } from "./accept-cancel-offer.server.ts";
import { ADDRESS_MESSAGES, changeDeliveryAddress } from "./change-delivery-address.server.ts";
import { changeDeliveryWeek } from "./change-delivery-week.server.ts";
import { changeSubscriptionPlan } from "./change-subscription-plan.server.ts";
import { MANAGE_MESSAGES } from "./manage.schema.ts";
import { openRegion } from "./regions.server.ts";
import { RENEWAL_MESSAGES, runRenewals } from "./renewal/index.ts";
import { sendBoxEmailJob } from "./send-box-email.server.ts";
import { sendSubscriptionChangeJob } from "./send-subscription-change.server.ts";
import { updateSubscriptionCard } from "./update-subscription-card.server.ts";

// The renewal (run by the card test) queues its own e-mails.
const jobs = [sendSubscriptionChangeJob, sendBoxEmailJob];
const env = testServices({ smtp: true, queues: jobs as never });

const NOW = new Date("2026-11-25T02:00:00Z");
const key = () => crypto.randomUUID();

const address = {
  street: "3 Cuba Street",
  suburb: "Te Aro",
  city: "Wellington",
  region: "Wellington",
  postcode: "6011",
  rural: false,
};

test("changing plan takes effect from the next unpaid box and says what the price becomes", async () => {
  const { id, userId } = await insertSubscription({ plan: "1m2" });
  // The next box already has a row, with 25% off from the offer: the new plan keeps the discount.
  await acceptCancelOffer({ requestKey: key(), reason: "contents" }, { userId, now: NOW });
  expect((await boxOn(id, "2027-01-08"))?.amount).toBe(2999);

  const input = { requestKey: key(), plan: "2m2" };
  const changed = await changeSubscriptionPlan(input, { userId, now: NOW });
  expectChanged(
    changed,
    "Your plan changes to 2m² from the box of the week starting Friday 8 January 2027: US$69.99 a month instead of US$39.99.",
  );
  expect(await rowOf(id)).toMatchObject({ plan: "2m2", price: 6999 });
  expect(await boxOn(id, "2027-01-08")).toMatchObject({ plan: "2m2", amount: 5249 });
  expect(await changeSubscriptionPlan(input, { userId, now: NOW })).toMatchObject({
    ok: true,
    changed: false,
  });
  expect(
    await changeSubscriptionPlan({ requestKey: key(), plan: "2m2" }, { userId, now: NOW }),
  ).toMatchObject({ ok: true, changed: false, message: MANAGE_MESSAGES.samePlan });
  expect(
    await changeSubscriptionPlan({ requestKey: key(), plan: "5m2" }, { userId, now: NOW }),
  ).toMatchObject({ ok: false, code: "invalid", fieldErrors: { plan: MANAGE_MESSAGES.plan } });
  expect((await eventsOf(id)).filter((e) => e.type === "plan_changed")).toHaveLength(1);

  await drainQueue(jobs);
  const mail = env.smtp.messages.find(
    (m) => m.to === (`${userId}@example.nz` as string) && m.subject.startsWith("Your plan"),
  );
  expect(mail?.subject).toBe("Your plan has changed | Patch");
  expect(mail?.text).toContain("US$69.99 a month instead of US$39.99");
  expect(mail?.text).toContain(
    "Your next box (2m²) comes in the week starting Friday 8 January 2027",
  );
});

test("changing the delivery week moves the next unpaid box and its charge", async () => {
  const { id, userId } = await insertSubscription({ week: 2 });
  const changed = await changeDeliveryWeek(
    { requestKey: key(), deliveryWeek: "4" },
    { userId, now: NOW },
  );
  expect(changed).toMatchObject({
    ok: true,
    message:
      "Your boxes now come in week 4 (22nd to 28th), starting with the box of the week starting Friday 22 January 2027.",
  });
  const row = await rowOf(id);
  expect(row).toMatchObject({ deliveryWeek: 4, nextBoxOn: "2026-12-08" });
  expect(row.currentPeriodEnd.toISOString()).toBe("2027-01-17T00:00:00.000Z");
  expect(
    await changeDeliveryWeek({ requestKey: key(), deliveryWeek: "4" }, { userId, now: NOW }),
  ).toMatchObject({ ok: true, changed: false, message: MANAGE_MESSAGES.sameWeek });
  expect(
    await changeDeliveryWeek({ requestKey: key(), deliveryWeek: "5" }, { userId, now: NOW }),
  ).toMatchObject({ ok: false, fieldErrors: { deliveryWeek: MANAGE_MESSAGES.deliveryWeek } });
});

test("changing the address: the checkout's rules, an open region only, the boxes follow the zone", async () => {
  const { id, userId } = await insertSubscription({ region: "Auckland" });
  expect(
    await changeDeliveryAddress(
      { requestKey: key(), address: { ...address, postcode: "60" } },
      { userId, now: NOW },
    ),
  ).toMatchObject({
    ok: false,
    code: "invalid",
    message: ADDRESS_MESSAGES.invalid,
    fieldErrors: { postcode: expect.any(String) },
  });
  expect(
    await changeDeliveryAddress({ requestKey: key(), address }, { userId, now: NOW }),
  ).toMatchObject({
    ok: false,
    message: MANAGE_MESSAGES.regionClosed("Wellington"),
    fieldErrors: { region: MANAGE_MESSAGES.regionClosed("Wellington") },
  });
  await openRegion("Wellington", "test", NOW);
  const moved = await changeDeliveryAddress({ requestKey: key(), address }, { userId, now: NOW });
  expectChanged(moved, "Your boxes now go to 3 Cuba Street, Te Aro, Wellington, Wellington 6011.");
  expect(await rowOf(id)).toMatchObject({
    region: "Wellington",
    address: { street: "3 Cuba Street", city: "Wellington", state: "Wellington", zip: "6011" },
  });
  expect(
    await changeDeliveryAddress({ requestKey: key(), address }, { userId, now: NOW }),
  ).toMatchObject({ ok: true, changed: false, message: ADDRESS_MESSAGES.same });
});

test("updating the card saves it through the provider; a declined card changes nothing", async () => {
  const { id, userId } = await insertSubscription({ card: "declinesLater" });
  expect(
    await updateSubscriptionCard(
      { requestKey: key(), card: testCard("declined", NOW) },
      { userId, now: NOW },
    ),
  ).toMatchObject({ ok: false, declined: true, message: DEMO_MESSAGES.declined });
  expect(
    await updateSubscriptionCard(
      { requestKey: key(), card: { ...testCard("success", NOW), number: "4242424242424241" } },
      { userId, now: NOW },
    ),
  ).toMatchObject({ ok: false, code: "invalid", fieldErrors: { cardNumber: expect.any(String) } });
  expect((await rowOf(id)).cardLabel).toBe("Visa ending 0341");

  // The renewal at the next box's cutoff is declined: past due, the box unpaid. Updating the card
  // charges it again at once.
  const later = new Date("2027-01-03T01:00:00Z");
  await runRenewals({ now: later });
  expect((await rowOf(id)).status).toBe("past_due");
  const updated = await updateSubscriptionCard(
    { requestKey: key(), card: testCard("success", later) },
    { userId, now: later },
  );
  expect(updated).toMatchObject({
    ok: true,
    changed: true,
    paymentDue: true,
    paid: true,
    message: `Your boxes are now charged to your Visa ending 4242. ${RENEWAL_MESSAGES.paid}`,
  });
  expect(await rowOf(id)).toMatchObject({
    status: "active",
    providerPaymentMethodId: "demo_pm_success",
    cardLabel: "Visa ending 4242",
  });
  expect((await boxOn(id, "2027-01-08"))?.status).toBe("charged");
  expect((await eventsOf(id)).find((e) => e.type === "card_updated")?.data).toMatchObject({
    card: "Visa ending 4242",
    fromCard: "Visa ending 0341",
  });
});
