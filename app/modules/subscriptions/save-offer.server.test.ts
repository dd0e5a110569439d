// The cancel flow's 25% save offer against the real database: taken at most once per
// subscription in any 12 months, never while a discount is already on the next box, also when
// two tabs take it at once; the offer isn't made when it can't be taken, and the history (the
// member's and the admin's) says when it was.
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { subscriptionEvents, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { boxOn, eventsOf } from "#tests/factories/subscription-reads.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { acceptCancelOffer } from "./accept-cancel-offer.server.ts";
import { getAdminSubscription } from "./get-admin-subscription.server.ts";
import { getSubscriptionOverview } from "./get-subscription-overview.server.ts";
import { MANAGE_MESSAGES } from "./manage.schema.ts";
import { sendSubscriptionChangeJob } from "./send-subscription-change.server.ts";

testServices({ queues: [sendSubscriptionChangeJob] as never });

// 25 November 2026: the paid box is 8 December's, the next one 8 January's.
const NOW = new Date("2026-11-25T02:00:00Z");
const key = () => crypto.randomUUID();
const take = (userId: string, now = NOW) =>
  acceptCancelOffer({ requestKey: key(), reason: "contents" }, { userId, now });
const discounts = async (id: string) =>
  (await eventsOf(id)).filter((e) => e.type === "discount_given");
const offerOn = async (userId: string, now = NOW) =>
  (await getSubscriptionOverview(userId, { now, currency: "USD", cancelReason: "contents" }))
    .subscription?.cancel;

/** What the renewal does when it charges the next box: the paid box moves on a month. */
async function renewTo(id: string, nextBoxOn: string) {
  await db().update(subscriptions).set({ nextBoxOn }).where(eq(subscriptions.id, id));
}

test("taken twice in a row, the second is refused and the box keeps one discount", async () => {
  const sub = await insertSubscription();
  expect(await take(sub.userId)).toMatchObject({ ok: true, changed: true });
  expect((await boxOn(sub.id, "2027-01-08"))?.amount).toBe(2999);
  expect(await take(sub.userId)).toMatchObject({
    ok: false,
    code: "conflict",
    message: MANAGE_MESSAGES.discountPending,
  });
  expect(await discounts(sub.id)).toHaveLength(1);
  // While the discount waits on the next box, the cancel flow doesn't offer another.
  expect(await offerOn(sub.userId)).toMatchObject({ reason: "contents", offer: null });
});

test("the next month's box: refused within 12 months of the last, offered and allowed again after", async () => {
  const sub = await insertSubscription();
  expect(await take(sub.userId)).toMatchObject({ ok: true, changed: true });
  await renewTo(sub.id, "2027-01-08");
  const december = new Date("2026-12-20T02:00:00Z");
  expect(await offerOn(sub.userId, december)).toMatchObject({ offer: null });
  expect(await take(sub.userId, december)).toMatchObject({
    ok: false,
    code: "conflict",
    message: MANAGE_MESSAGES.saveOfferTaken,
  });
  expect((await boxOn(sub.id, "2027-02-08"))?.amount ?? 3999).toBe(3999);

  // A year and more later the offer is made, and taken, again.
  await renewTo(sub.id, "2027-12-08");
  const nextYear = new Date("2027-11-26T02:00:00Z");
  expect(await offerOn(sub.userId, nextYear)).toMatchObject({
    offer: { accept: "Take 25% off" },
  });
  expect(await take(sub.userId, nextYear)).toMatchObject({ ok: true, changed: true });
  expect((await boxOn(sub.id, "2028-01-08"))?.amount).toBe(2999);
  expect(await discounts(sub.id)).toHaveLength(2);
});

test("two tabs taking the offer at once: one discount, the other refused", async () => {
  const sub = await insertSubscription();
  const answers = await Promise.all([take(sub.userId), take(sub.userId), take(sub.userId)]);
  expect(answers.filter((a) => a.ok && a.changed)).toHaveLength(1);
  expect(answers.filter((a) => !a.ok)).toHaveLength(2);
  expect(await discounts(sub.id)).toHaveLength(1);
  expect((await boxOn(sub.id, "2027-01-08"))?.amount).toBe(2999);
});

test("the database refuses a second save-offer discount on one box", async () => {
  const sub = await insertSubscription();
  await take(sub.userId);
  const [first] = await discounts(sub.id);
  const again = await db()
    .insert(subscriptionEvents)
    .values({ ...first!, id: undefined, data: { ...first!.data, requestKey: key() } })
    .catch((e: unknown) => e);
  expect(String((again as { cause?: unknown }).cause ?? again)).toMatch(
    /subscription_events_one_discount_per_box_idx/,
  );
});

test("the admin's subscription page lists the save offer in its history", async () => {
  const sub = await insertSubscription();
  await take(sub.userId);
  const admin = await getAdminSubscription({ id: sub.id });
  expect(admin?.history.find((h) => h.type === "discount_given")).toMatchObject({
    actor: "member",
    message:
      "Thanks for staying. Your box of the week starting Friday 8 January 2027 is 25% off: US$29.99 instead of US$39.99.",
  });
  const [row] = await db()
    .select()
    .from(subscriptionEvents)
    .where(
      and(
        eq(subscriptionEvents.subscriptionId, sub.id),
        eq(subscriptionEvents.type, "discount_given"),
      ),
    );
  expect(row?.data).toMatchObject({ saveOffer: true, percent: 25, box: "2027-01-08" });
});
