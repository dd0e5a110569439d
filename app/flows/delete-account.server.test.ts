// Deleting an account ends its money relationship, on a real database: every subscription ends
// (with its history row, no e-mail), the renewal charges and sends nothing afterwards, the saved
// card is forgotten (Stripe's PaymentMethod detached, in the local fake), a paid box not yet
// packed is refunded or still delivered as the member chose, and the orders kept for tax lose the
// name, e-mail and address. A subscription left running for an account that is gone is never
// charged either: the renewal ends it and counts it.
import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { boxes, orders, subscriptionEvents, subscriptions, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { MESSAGES } from "#app/modules/accounts/accounts.schema.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { changeOrderStatus } from "#app/modules/orders/change-order-status.server.ts";
import { orderJobs } from "#app/modules/orders/order-jobs.server.ts";
import { getPackingList } from "#app/modules/subscriptions/admin-boxes.server.ts";
import { forgetSentBoxes } from "#app/modules/subscriptions/end-account-subscriptions.server.ts";
import { forgetSavedCardJob } from "#app/modules/payments/forget-saved-card.server.ts";
import { stripeSavedCards } from "#app/modules/payments/stripe-saved-cards.server.ts";
import { runRenewals } from "#app/modules/subscriptions/renewal/index.ts";
import { sendBoxEmailJob } from "#app/modules/subscriptions/send-box-email.server.ts";
import { sendSubscriptionChangeJob } from "#app/modules/subscriptions/send-subscription-change.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { requestMetas, signedInAccount } from "#tests/factories/accounts.ts";
import { chargeLedger } from "#tests/factories/charge-ledger.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { savedStripeCard } from "#tests/factories/stripe-cards.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { deleteAccountAndEndMoney } from "./delete-account.server.ts";

const jobs = [sendBoxEmailJob, sendSubscriptionChangeJob, forgetSavedCardJob, ...orderJobs];
const env = testServices({
  smtp: true,
  stripe: true,
  queues: jobs as never,
  emptyBeforeEach: true,
});

const PASSWORD = "weka wander the track";
// The factory's week-2 subscription has its January box charged at 3 January 2027; February's
// box is charged at its cutoff early in February.
const JANUARY_CUTOFF = new Date("2027-01-03T01:00:00Z");
const MARCH = new Date("2027-03-10T01:00:00Z");
const meta = requestMetas("198.51.100");

beforeEach(async () => {
  await seedDemoData(db(), env.database.settings);
});

/** A signed-in member with a running subscription on `overrides`' card (the demo's by default). */
async function memberWithSubscription(
  email: string,
  overrides: Partial<typeof subscriptions.$inferInsert> = {},
) {
  const account = await signedInAccount({ email, password: PASSWORD, meta: meta() });
  const { user } = await getCurrentUser(meta(account.cookie).request);
  const { id } = await insertSubscription({
    overrides: { userId: account.id, email, name: "Aroha Ngata", ...overrides },
  });
  return { id, user: user!, cookie: account.cookie };
}

const del = (m: { user: { id: string; signedInAt: string }; cookie: string }, paidBox?: string) =>
  deleteAccountAndEndMoney({
    user: m.user,
    input: { password: PASSWORD, confirm: "yes", ...(paidBox ? { paidBox } : {}) },
    meta: meta(m.cookie),
  });

async function ordersOf(subscriptionId: string) {
  const made = await db().select().from(boxes).where(eq(boxes.subscriptionId, subscriptionId));
  const ids = made.map((b) => b.orderId).filter((id): id is string => Boolean(id));
  return (await db().select().from(orders)).filter((o) => ids.includes(o.id));
}

test("a deleted account's subscription ends, and the renewal past its charge date charges and sends nothing", async () => {
  const member = await memberWithSubscription("aroha@example.nz");
  expect(await del(member)).toMatchObject({ ok: true, messages: [MESSAGES.accountDeleted] });
  expect(await db().select().from(users).where(eq(users.id, member.user.id))).toEqual([]);
  const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, member.id));
  expect(sub).toMatchObject({
    status: "ended",
    providerPaymentMethodId: null,
    providerCustomerId: null,
    name: "Deleted account",
    email: "deleted@deleted.invalid",
    address: { street: "", city: "", zip: "" },
  });
  const ended = (await db().select().from(subscriptionEvents)).filter(
    (e) => e.subscriptionId === member.id && e.toStatus === "ended",
  );
  expect(ended).toMatchObject([{ fromStatus: "active", data: { event: "account_deleted" } }]);

  await drainQueue(jobs);
  env.smtp.messages.length = 0;
  const cards = chargeLedger();
  for (const now of [JANUARY_CUTOFF, MARCH]) {
    const tally = await runRenewals({ now, provider: cards });
    expect(tally).toMatchObject({ charged: 0, failed: 0, reminded: 0 });
  }
  await drainQueue(jobs);
  expect(cards.requests).toBe(0);
  expect(env.smtp.messages).toEqual([]);
  expect(await db().select().from(boxes).where(eq(boxes.subscriptionId, member.id))).toEqual([]);
});

test("a subscription left running for an account that is gone is never charged: the renewal ends it and counts it", async () => {
  const { id, userId } = await insertSubscription();
  await db().delete(users).where(eq(users.id, userId));
  const cards = chargeLedger();
  const tally = await runRenewals({ now: JANUARY_CUTOFF, provider: cards });
  expect(tally).toMatchObject({ charged: 0, skippedNoAccount: 1 });
  expect(cards.requests).toBe(0);
  const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, id));
  expect(sub!.status).toBe("ended");
  await drainQueue(jobs);
  expect(env.smtp.messages).toEqual([]);
});

test("a paid box not yet packed: the member must choose, and 'refund' refunds it and anonymises the kept orders", async () => {
  const member = await memberWithSubscription("mere@example.nz");
  await runRenewals({ now: JANUARY_CUTOFF, provider: chargeLedger() });
  const [paid] = await ordersOf(member.id);
  expect(paid).toMatchObject({ status: "paid", email: "mere@example.nz" });

  const unchosen = await del(member);
  expect(unchosen).toMatchObject({
    ok: false,
    code: "invalid",
    fieldErrors: { paidBox: expect.any(String) },
  });
  expect(await db().select().from(users).where(eq(users.id, member.user.id))).toHaveLength(1);
  const bad = await del(member, "both");
  expect(bad).toMatchObject({
    ok: false,
    code: "invalid",
    fieldErrors: { paidBox: expect.any(String) },
  });

  expect(await del(member, "refund")).toMatchObject({ ok: true });
  const [order] = await ordersOf(member.id);
  expect(order).toMatchObject({
    status: "refunded",
    userId: null,
    name: "Deleted account",
    email: "deleted@deleted.invalid",
    phone: null,
    address: { street: "", city: "", zip: "" },
    total: 3999,
  });
  const refunds = (await db().select().from(subscriptionEvents)).filter(
    (e) => e.type === "box_refunded",
  );
  expect(refunds).toMatchObject([{ subscriptionId: member.id, data: { amount: 3999 } }]);
  const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, member.id));
  expect(sub!.status).toBe("ended");
});

test("'still deliver it' keeps the box paid and its label's name and address, and nothing else", async () => {
  const member = await memberWithSubscription("tama@example.nz");
  await runRenewals({ now: JANUARY_CUTOFF, provider: chargeLedger() });
  expect(await del(member, "keep")).toMatchObject({ ok: true });
  const [order] = await ordersOf(member.id);
  expect(order).toMatchObject({
    status: "paid",
    userId: null,
    name: "Aroha Ngata",
    email: "deleted@deleted.invalid",
    address: { street: "12 Kowhai Road" },
  });
  const [box] = await db().select().from(boxes).where(eq(boxes.subscriptionId, member.id));
  expect(box!.status).toBe("charged");
  const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, member.id));
  expect(sub).toMatchObject({
    status: "ended",
    email: "deleted@deleted.invalid",
    providerPaymentMethodId: null,
  });
  const cards = chargeLedger();
  expect(await runRenewals({ now: MARCH, provider: cards })).toMatchObject({ charged: 0 });
  expect(cards.requests).toBe(0);

  // Packed and labelled (the label still has them), then sent: the name and address go.
  expect(await forgetSentBoxes()).toBe(0);
  expect((await getPackingList("2027-01-08")).labels).toMatchObject([
    { name: "Aroha Ngata", address: expect.arrayContaining(["12 Kowhai Road"]) },
  ]);
  expect(
    await changeOrderStatus(order!.id, { status: "shipped", trackingNumber: "NZ123456" }),
  ).toMatchObject({ ok: true });
  expect(await forgetSentBoxes()).toBe(1);
  expect(await forgetSentBoxes()).toBe(0);
  const [sent] = await ordersOf(member.id);
  expect(sent).toMatchObject({
    status: "shipped",
    name: "Deleted account",
    address: { street: "", city: "" },
  });
  const [after] = await db().select().from(subscriptions).where(eq(subscriptions.id, member.id));
  expect(after).toMatchObject({ name: "Deleted account", address: { street: "" } });
});

test("with Stripe, the saved card's PaymentMethod is detached from its Customer", async () => {
  const card = await savedStripeCard(env.stripe, "hine@example.nz");
  expect(env.stripe.paymentMethods.get(card.paymentMethodId)!.customer).toBe(card.customerId);
  const member = await memberWithSubscription("hine@example.nz", {
    paymentProvider: "stripe",
    providerCustomerId: card.customerId,
    providerPaymentMethodId: card.paymentMethodId,
  });
  expect(await del(member)).toMatchObject({ ok: true });
  await drainQueue(jobs);
  expect(env.stripe.paymentMethods.get(card.paymentMethodId)!.customer).toBeNull();
  // Run again (a retried job): the card is forgotten already, nothing fails.
  await drainQueue(jobs);
  expect(await runRenewals({ now: MARCH, provider: stripeSavedCards })).toMatchObject({
    charged: 0,
  });
});

test("a deletion racing the renewal: whichever goes first, the box ends refunded or is never charged", async () => {
  const member = await memberWithSubscription("kea@example.nz");
  const cards = chargeLedger();
  const [deleted] = await Promise.all([
    del(member, "refund"),
    runRenewals({ now: JANUARY_CUTOFF, provider: cards }),
  ]);
  expect(deleted).toMatchObject({ ok: true });
  // The next run, once the race's claim is past its lease (claimLeaseMs: 0 stands for ten
  // minutes later): a charge answered after the deletion's check was left claimed for it to
  // resume, be answered the same charge by its key, and refund.
  expect(await runRenewals({ now: MARCH, provider: cards, claimLeaseMs: 0 })).toMatchObject({
    charged: 0,
  });
  expect(cards.paid().length).toBeLessThanOrEqual(1);
  const kept = await ordersOf(member.id);
  // A charge taken is settled one way, never both: its box's order is kept and refunded (the
  // deletion found the box paid), or, deleted while the charge was in flight, the charge itself
  // is refunded by its key and no order is made (ADR 064).
  const refundedAtProvider = new Set(cards.refunds.values());
  const refundedByKey = cards
    .paid()
    .filter((e) => e.result.ok && refundedAtProvider.has(e.result.reference)).length;
  expect(kept.length + refundedByKey).toBe(cards.paid().length);
  for (const order of kept)
    expect(order).toMatchObject({ status: "refunded", email: "deleted@deleted.invalid" });
  const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, member.id));
  expect(sub!.status).toBe("ended");
});
