import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { orders, subscriptionEvents, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { DEMO_MESSAGES } from "#app/modules/payments/demo-payments.server.ts";
import * as subscribeRoute from "#app/routes/subscribe.tsx";
import { insertMember } from "#tests/factories/members.ts";
import { testCard } from "#tests/factories/cards.ts";
import { subscribeInput } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { openRegion } from "./regions.server.ts";
import { sendSubscriptionConfirmationJob } from "./send-subscription-confirmation.server.ts";
import { startSubscription } from "./start-subscription.server.ts";
import { SUBSCRIBE_MESSAGES } from "./subscribe.schema.ts";

const jobs = [sendSubscriptionConfirmationJob];
const env = testServices({ smtp: true, queues: jobs as never });

// 25 November 2026, 3pm in Auckland.
const NOW = new Date("2026-11-25T02:00:00Z");

async function member(name = "Aroha Ngata") {
  const id = await insertMember({ name });
  return { id, email: `${id}@example.nz`, name };
}

const form = (overrides: Record<string, unknown> = {}) => subscribeInput(NOW, overrides);

async function rowsOf(userId: string) {
  return db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
}

test("a member in an open region starts a subscription: paid first box, history, one e-mail", async () => {
  await openRegion("Auckland", "test", NOW);
  const who = await member();
  const input = form();
  const result = await startSubscription(input, who, NOW);
  expect(result).toMatchObject({ ok: true, created: true });
  if (!result.ok) return;

  const [sub] = await rowsOf(who.id);
  expect(sub).toMatchObject({
    id: result.subscriptionId,
    status: "active",
    plan: "1m2",
    price: 3999,
    region: "Auckland",
    deliveryWeek: 2,
    nextBoxOn: "2026-12-08",
    paymentProvider: "demo",
    providerPaymentMethodId: "demo_pm_success",
    cardLabel: "Visa ending 4242",
    address: { street: "12 Kowhai Road", city: "Auckland", state: "Auckland", zip: "1021" },
  });
  // The paid period runs to the next box's cutoff: 8 January less five days.
  expect(sub!.currentPeriodEnd.toISOString()).toBe("2027-01-03T00:00:00.000Z");
  const events = await db()
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.subscriptionId, sub!.id));
  expect(events.map((e) => e.type).sort()).toEqual(["charged", "started"]);
  expect(events.find((e) => e.type === "charged")!.data).toMatchObject({ amount: 3999, gst: 522 });

  await drainQueue(jobs);
  // Other tests' confirmations may be sent by this drain too (the order is shuffled): only this
  // member's count.
  const mine = () => env.smtp.messages.filter((m) => m.to === who.email);
  expect(mine()).toHaveLength(1);
  const mail = mine()[0]!;
  expect(mail.to).toBe(who.email);
  expect(mail.subject).toBe("Your Patch subscription has started");
  expect(mail.text).toContain(
    "Your first box arrives in the week starting Tuesday 8 December 2026.",
  );
  expect(mail.text).toContain("Organic compost top-up (20 L)");
  expect(mail.text).toContain("Includes GST of US$5.22");

  // The job again (a worker that re-runs it) sends nothing more.
  await sendSubscriptionConfirmationJob.handle(
    { subscriptionId: sub!.id },
    { jobId: "again", attempt: 2 },
  );
  expect(mine()).toHaveLength(1);
});

test("a retried submit, even two at once, makes one subscription", async () => {
  await openRegion("Auckland", "test", NOW);
  const who = await member();
  const input = form();
  const [a, b] = await Promise.all([
    startSubscription(input, who, NOW),
    startSubscription(input, who, NOW),
  ]);
  const again = await startSubscription(input, who, NOW);
  expect(a.ok && b.ok && again.ok).toBe(true);
  const ids = new Set([a, b, again].map((r) => (r.ok ? r.subscriptionId : "")));
  expect(ids.size).toBe(1);
  expect([a, b, again].filter((r) => r.ok && r.created)).toHaveLength(1);
  expect(await rowsOf(who.id)).toHaveLength(1);
  // Another tab's submit (a new key) just after is answered with the same subscription.
  expect(await startSubscription(form(), who, NOW)).toEqual({
    ok: true,
    subscriptionId: a.ok ? a.subscriptionId : "",
    created: false,
  });
  // A new attempt long after, while this one runs, is refused: one running subscription each.
  const later = new Date(NOW.getTime() + 2 * 60 * 60 * 1000);
  expect(await startSubscription(subscribeInput(later), who, later)).toMatchObject({
    ok: false,
    code: "conflict",
    message: SUBSCRIBE_MESSAGES.alreadySubscribed,
  });
});

test("ten submits at once from one member's tabs (ten keys): one charge, one subscription, nine answered with it", async () => {
  await openRegion("Auckland", "test", NOW);
  const who = await member();
  const results = await Promise.all(
    Array.from({ length: 10 }, () => startSubscription(form(), who, NOW)),
  );
  const [sub, ...others] = await rowsOf(who.id);
  expect(others).toEqual([]);
  expect(results.filter((r) => r.ok && r.created)).toHaveLength(1);
  for (const r of results) expect(r).toMatchObject({ ok: true, subscriptionId: sub!.id });
  // One box order and one "charged" row: the card was charged once.
  const boxOrders = await db().select().from(orders).where(eq(orders.userId, who.id));
  expect(boxOrders.map((o) => o.kind)).toEqual(["subscription box"]);
  const charged = await db()
    .select()
    .from(subscriptionEvents)
    .where(
      and(eq(subscriptionEvents.subscriptionId, sub!.id), eq(subscriptionEvents.type, "charged")),
    );
  expect(charged).toHaveLength(1);
});

test("the database refuses a second successful charge of one box", async () => {
  await openRegion("Auckland", "test", NOW);
  const who = await member();
  const result = await startSubscription(form(), who, NOW);
  if (!result.ok) throw new Error("expected a subscription");
  const [first] = await db()
    .select()
    .from(subscriptionEvents)
    .where(
      and(
        eq(subscriptionEvents.subscriptionId, result.subscriptionId),
        eq(subscriptionEvents.type, "charged"),
      ),
    );
  const again = await db()
    .insert(subscriptionEvents)
    .values({ ...first!, id: undefined, data: { ...first!.data, reference: "demo_second" } })
    .catch((e: unknown) => e);
  expect(again).toBeInstanceOf(Error);
  expect(String((again as { cause?: unknown }).cause ?? again)).toMatch(
    /subscription_events_one_charge_per_box_idx/,
  );
  // Another box of the same subscription is charged as usual.
  await db()
    .insert(subscriptionEvents)
    .values({ ...first!, id: undefined, data: { ...first!.data, box: "2027-01-12" } });
});

test("a region that isn't open is refused with a way onto its waitlist, and nothing is kept", async () => {
  const who = await member();
  const closed = form({
    address: { ...form().address, region: "Southland", city: "Invercargill" },
  });
  const result = await startSubscription(closed, who, NOW);
  expect(result).toMatchObject({
    ok: false,
    code: "conflict",
    message:
      "We don't deliver monthly boxes to Southland yet. Join the waitlist and we'll e-mail you the day we open there.",
  });
  expect(await rowsOf(who.id)).toEqual([]);
});

test("a declined or unknown card is refused with the shop's words; nothing is kept or sent", async () => {
  await openRegion("Auckland", "test", NOW);
  const who = await member();
  expect(
    await startSubscription(form({ card: testCard("declined", NOW) }), who, NOW),
  ).toMatchObject({
    ok: false,
    declined: true,
    message: DEMO_MESSAGES.declined,
  });
  expect(
    await startSubscription(
      form({ card: { ...testCard("success", NOW), number: "4111111111111111" } }),
      who,
      NOW,
    ),
  ).toMatchObject({ ok: false, message: DEMO_MESSAGES.unknown });
  // A mistyped number fails the form's own check first.
  expect(
    await startSubscription(
      form({ card: { ...testCard("success", NOW), number: "4242424242424241" } }),
      who,
      NOW,
    ),
  ).toMatchObject({ ok: false, code: "invalid", fieldErrors: { cardNumber: expect.any(String) } });
  expect(await startSubscription(form({ deliveryWeek: "5", plan: "3m2" }), who, NOW)).toMatchObject(
    {
      ok: false,
      code: "invalid",
      fieldErrors: { deliveryWeek: SUBSCRIBE_MESSAGES.deliveryWeek, plan: SUBSCRIBE_MESSAGES.plan },
    },
  );
  expect(await rowsOf(who.id)).toEqual([]);
  await drainQueue(jobs);
  expect(env.smtp.messages.filter((m) => m.to === who.email)).toEqual([]);
});

test("someone not signed in gets the account form in place with the plan kept, and nothing is charged", async () => {
  // The page itself: a new visitor creates their account here, the chosen plan on screen and the
  // confirmation link's way back to it; no redirect to sign in, no 'Please log in' toast.
  const request = new Request("http://localhost/subscribe?plan=2m2");
  const page = await subscribeRoute.loader({ request, params: {}, context: undefined } as never);
  expect(page).toMatchObject({ signedOut: true, planId: "2m2", redirectTo: "/subscribe?plan=2m2" });
  // The subscription form posted without an account starts nothing.
  const count = async () => [
    (await db().select().from(subscriptions)).length,
    (await db().select().from(orders)).length,
  ];
  const before = await count();
  const post = new Request("http://localhost/subscribe?plan=2m2", {
    method: "POST",
    body: new URLSearchParams({ plan: "2m2", deliveryWeek: "2", cardNumber: "4242424242424242" }),
  });
  await subscribeRoute
    .action({ request: post, params: {}, context: undefined } as never)
    .catch((e: unknown) => e);
  expect(await count()).toEqual(before);
});
