// Cancelling (issue 21) against the real database: one reason, the one offer it is met with (each
// offer taken does what it says), 'No thanks, cancel' cancels with the paid period kept, 'Keep my
// subscription' undoes it before the end, and the calendar ends it after; the member's page
// lists it all in the history.
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { boxes, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import * as subscriptionRoute from "#app/routes/profile/subscription.tsx";
import { eventsOf, rowOf } from "#tests/factories/subscription-reads.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { expectChanged } from "#tests/factories/member-changes.ts";
import { acceptCancelOffer } from "./accept-cancel-offer.server.ts";
import { cancelSubscription, CANCEL_MESSAGES } from "./cancel-subscription.server.ts";
import { endSubscriptions } from "./end-subscriptions.server.ts";
import { getSubscriptionOverview } from "./get-subscription-overview.server.ts";
import { MANAGE_MESSAGES, offerFor } from "./manage.schema.ts";
import { pauseSubscription } from "./pause-subscription.server.ts";
import { sendSubscriptionChangeJob } from "./send-subscription-change.server.ts";
import { UNDO_CANCEL_MESSAGES, undoCancelSubscription } from "./undo-cancel-subscription.server.ts";

const jobs = [sendSubscriptionChangeJob];
const env = testServices({ smtp: true, queues: jobs as never });

const NOW = new Date("2026-11-25T02:00:00Z");
const key = () => crypto.randomUUID();

test("each reason is met with one matching offer", () => {
  expect(offerFor("too-expensive", "2m2")).toEqual({ kind: "smaller-plan", plan: "1m2" });
  expect(offerFor("too-much", "1m2")).toEqual({ kind: "smaller-plan", plan: "0.5m2" });
  expect(offerFor("too-expensive", "0.5m2")).toEqual({ kind: "discount", percent: 25 });
  expect(offerFor("away", "1m2")).toEqual({ kind: "pause", months: 2 });
  expect(offerFor("garden-full", "1m2")).toEqual({ kind: "skip" });
  expect(offerFor("contents", "1m2")).toEqual({ kind: "discount", percent: 25 });
  expect(offerFor("other", "1m2")).toEqual({ kind: "discount", percent: 25 });
});

test("'No thanks, cancel' cancels now, ends after the paid period, and can be undone until then", async () => {
  const { id, userId } = await insertSubscription();
  const input = { requestKey: key(), reason: "too-expensive" };
  const cancelled = await cancelSubscription(input, { userId, now: NOW });
  expectChanged(
    cancelled,
    "Your subscription is cancelled. The box you've paid for (week starting Tuesday 8 December 2026) still comes; nothing more is charged, and it ends on Sunday 3 January 2027.",
  );
  expect(await cancelSubscription(input, { userId, now: NOW })).toMatchObject({ changed: false });
  expect(
    await cancelSubscription({ requestKey: key(), reason: "other" }, { userId, now: NOW }),
  ).toMatchObject({ ok: true, changed: false, message: CANCEL_MESSAGES.already });
  expect(await rowOf(id)).toMatchObject({ status: "cancelled" });
  const [event] = await eventsOf(id);
  expect(event).toMatchObject({
    type: "cancelled",
    fromStatus: "active",
    toStatus: "cancelled",
    data: { reason: "too-expensive", reasonText: "It costs too much" },
  });
  // Changes wait until it is kept again.
  expect(
    await pauseSubscription({ requestKey: key(), pauseFor: "1" }, { userId, now: NOW }),
  ).toMatchObject({ ok: false, message: MANAGE_MESSAGES.cancelled });
  expect(
    await cancelSubscription({ requestKey: key(), reason: "nope" }, { userId, now: NOW }),
  ).toMatchObject({ ok: false, fieldErrors: { reason: MANAGE_MESSAGES.reason } });

  const kept = await undoCancelSubscription({ requestKey: key() }, { userId, now: NOW });
  expect(kept).toMatchObject({ ok: true, changed: true });
  expect(await rowOf(id)).toMatchObject({ status: "active" });

  await cancelSubscription({ requestKey: key(), reason: "other" }, { userId, now: NOW });
  // Not before the period's end; then ended, once, and it can't be kept any more.
  await endSubscriptions(new Date("2027-01-02T23:00:00Z"));
  expect((await rowOf(id)).status).toBe("cancelled");
  const end = new Date("2027-01-03T00:30:00Z");
  await endSubscriptions(end);
  await endSubscriptions(end);
  expect((await rowOf(id)).status).toBe("ended");
  const types = (await eventsOf(id)).map((e) => e.type).sort();
  expect(types).toEqual(["cancel_undone", "cancelled", "cancelled", "ended"]);
  expect(await undoCancelSubscription({ requestKey: key() }, { userId, now: end })).toMatchObject({
    ok: false,
  });

  await drainQueue(jobs);
  const subjects = env.smtp.messages
    .filter((m) => m.to === `${userId}@example.nz`)
    .map((m) => m.subject)
    .sort();
  expect(subjects).toEqual([
    "Your subscription continues | Patch",
    "Your subscription has ended | Patch",
    "Your subscription is cancelled | Patch",
    "Your subscription is cancelled | Patch",
  ]);
});

test("taking the offer keeps the subscription and does what the offer said", async () => {
  const smaller = await insertSubscription({ plan: "2m2" });
  expect(
    await acceptCancelOffer(
      { requestKey: key(), reason: "too-much" },
      { userId: smaller.userId, now: NOW },
    ),
  ).toMatchObject({ ok: true, changed: true });
  expect(await rowOf(smaller.id)).toMatchObject({ status: "active", plan: "1m2", price: 3999 });
  expect((await eventsOf(smaller.id))[0]).toMatchObject({
    type: "plan_changed",
    data: { offerFor: "too-much" },
  });

  const away = await insertSubscription();
  await acceptCancelOffer({ requestKey: key(), reason: "away" }, { userId: away.userId, now: NOW });
  expect(await rowOf(away.id)).toMatchObject({ status: "paused", pausedUntil: "2027-03-07" });

  const full = await insertSubscription();
  await acceptCancelOffer(
    { requestKey: key(), reason: "garden-full" },
    { userId: full.userId, now: NOW },
  );
  const [skipped] = await db()
    .select()
    .from(boxes)
    .where(and(eq(boxes.subscriptionId, full.id), eq(boxes.deliverOn, "2027-01-08")));
  expect(skipped?.status).toBe("skipped");

  const discount = await insertSubscription();
  const taken = await acceptCancelOffer(
    { requestKey: key(), reason: "contents" },
    { userId: discount.userId, now: NOW },
  );
  expect(taken).toMatchObject({
    ok: true,
    message:
      "Thanks for staying. Your box of the week starting Friday 8 January 2027 is 25% off: US$29.99 instead of US$39.99.",
  });
  const overview = await getSubscriptionOverview(discount.userId, { now: NOW, currency: "USD" });
  expect(overview.subscription?.nextBox).toMatchObject({
    box: "Friday 8 January 2027",
    amount: "US$29.99",
    fullPrice: "US$39.99",
    locked: false,
    skipped: false,
  });
  expect(overview.subscription?.paidBox).toBe("Tuesday 8 December 2026");
  expect(overview.subscription?.history.map((h) => h.text)).toEqual([taken.ok && taken.message]);
});

test("the page's overview: the offer for a reason, and an empty state without a subscription", async () => {
  const { userId } = await insertSubscription({ plan: "1m2" });
  const view = await getSubscriptionOverview(userId, {
    now: NOW,
    currency: "USD",
    cancelReason: "too-expensive",
  });
  expect(view.subscription?.cancel).toMatchObject({
    reason: "too-expensive",
    offer: { title: "Try the 0.5m² plan instead", accept: "Switch to 0.5m²" },
  });
  expect(view.subscription?.statusText).toBe("Active");

  await db().delete(subscriptions).where(eq(subscriptions.userId, userId));
  const empty = await getSubscriptionOverview(userId, {
    now: NOW,
    currency: "USD",
    region: "Southland",
  });
  expect(empty).toMatchObject({ subscription: null, region: "Southland", regionOpen: false });
  expect(empty.plans?.map((p) => p.price)).toEqual(["US$29.99", "US$39.99", "US$69.99"]);
});

test("/profile/subscription's loader and action each send someone not signed in to sign in", async () => {
  for (const method of ["GET", "POST"] as const) {
    const request = new Request("http://localhost/profile/subscription", {
      method,
      ...(method === "POST"
        ? { body: new URLSearchParams({ intent: "cancel", reason: "other" }) }
        : {}),
    });
    const args = { request, params: {}, context: undefined } as never;
    const thrown = await (
      method === "GET" ? subscriptionRoute.loader(args) : subscriptionRoute.action(args)
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe(
      "/login?redirectTo=%2Fprofile%2Fsubscription",
    );
  }
});

test("'Keep my subscription' is refused, not a failure, once another subscription has started", async () => {
  // Found by the money property suite: subscribe, cancel, subscribe again, undo the cancel.
  const { id, userId } = await insertSubscription();
  await cancelSubscription({ requestKey: key(), reason: "other" }, { userId, now: NOW });
  const first = await rowOf(id);
  const newer = crypto.randomUUID();
  await db()
    .insert(subscriptions)
    .values({ ...first, id: newer, idempotencyKey: key(), status: "active" });
  const kept = await undoCancelSubscription({ requestKey: key() }, { userId, now: NOW });
  expect(kept).toMatchObject({ ok: false, message: UNDO_CANCEL_MESSAGES.anotherRunning });
  expect((await rowOf(id)).status).toBe("cancelled");
  expect((await rowOf(newer)).status).toBe("active");
});
