// Redeeming a gift code (ADR 043): its value is one 'gift' row in the credits ledger; in an open
// region a prepaid subscription starts with no card (the first box paid from the credit), in a
// waitlist region the member's place on its waitlist is held with the credit and the boxes start
// once it opens, and with a subscription running the credit pays its next boxes. A code is used
// once, even by two members at the same moment; unknown and malformed codes are refused, and the
// tries are limited.
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import {
  contactConsents,
  contacts,
  creditEntries,
  gifts,
  subscriptionEvents,
  subscriptions,
} from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { insertMember } from "#tests/factories/members.ts";
import { testCard } from "#tests/factories/cards.ts";
import { paidGiftId } from "#tests/factories/gifts.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { openRegion } from "#app/modules/subscriptions/regions.server.ts";
import { sendSubscriptionConfirmationJob } from "#app/modules/subscriptions/send-subscription-confirmation.server.ts";
import { buyGift } from "./buy-gift.server.ts";
import { formatGiftCode } from "./gift-code.ts";
import { giftCodeFor } from "./gift-code.server.ts";
import { GIFT_MESSAGES, HOLD_STATEMENT } from "./gifts.schema.ts";
import {
  listHeldGifts,
  lookUpGift,
  redeemGift,
  REDEEM_LIMITS,
  startHeldGift,
} from "./redeem-gift.server.ts";
import { sendGiftEmailJob } from "./send-gift-email.server.ts";

const jobs = [sendGiftEmailJob, sendSubscriptionConfirmationJob];
const env = testServices({ smtp: true, queues: jobs as never });

// 25 November 2026, 3pm in Auckland.
const NOW = new Date("2026-11-25T02:00:00Z");

let addresses = 0;
const context = () => ({ ip: `203.0.113.${++addresses}`, userAgent: "test" });

async function paidGift(overrides: Record<string, unknown> = {}) {
  const giftId = await paidGiftId(
    { recipientEmail: "mere@example.nz", buyerEmail: "hemi@example.nz", ...overrides },
    NOW,
  );
  return { giftId, code: formatGiftCode(giftCodeFor(giftId)) };
}

async function member(name = "Mere Tane") {
  const id = await insertMember({ name });
  return { id, email: `${id}@example.nz`, name, emailVerified: true };
}

function where(region: string, code: string, week = "2") {
  return {
    code,
    deliveryWeek: week,
    address: {
      street: "3 Rimu Street",
      suburb: "",
      city: region === "Otago" ? "Dunedin" : "Auckland",
      region,
      postcode: region === "Otago" ? "9016" : "1021",
      rural: false,
    },
  };
}

const ledgerOf = (userId: string) =>
  db()
    .select()
    .from(creditEntries)
    .where(eq(creditEntries.userId, userId))
    .orderBy(creditEntries.createdAt);
const balance = async (userId: string) =>
  (await ledgerOf(userId)).reduce((sum, e) => sum + e.amount, 0);

test("in an open region a prepaid subscription starts: no card, the first box paid from the gift's credit", async () => {
  await openRegion("Auckland", "test", NOW);
  const { giftId, code } = await paidGift();
  const who = await member();
  const result = await redeemGift(where("Auckland", code), who, context(), NOW);
  expect(result).toMatchObject({ ok: true, as: "subscription", region: "Auckland" });
  if (!result.ok) return;
  expect(result.message).toBe(
    "Your gift is redeemed: 3 months of the 1m² box, prepaid. Your first box is on its way.",
  );

  const [sub] = await db()
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, result.subscriptionId!));
  expect(sub).toMatchObject({
    userId: who.id,
    status: "active",
    plan: "1m2",
    price: 3999,
    nextBoxOn: "2026-12-08",
    providerCustomerId: null,
    providerPaymentMethodId: null,
    cardLabel: null,
    idempotencyKey: `gift:${giftId}`,
  });
  // The ledger: the gift's value in, the first box out, two boxes' worth left.
  expect((await ledgerOf(who.id)).map((e) => [e.kind, e.amount])).toEqual([
    ["gift", 11997],
    ["applied_to_box", -3999],
  ]);
  expect((await ledgerOf(who.id))[0]!.note).toBe(
    "A gift from Hemi Walker: 3 months of the 1m² box.",
  );
  const events = await db()
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.subscriptionId, sub!.id));
  expect(events.find((e) => e.type === "started")!.data).toMatchObject({ gift: giftId });
  expect(events.find((e) => e.type === "charged")!.data).toMatchObject({
    amount: 3999,
    credit: 3999,
    card: 0,
  });
  expect(await db().select().from(gifts).where(eq(gifts.id, giftId))).toEqual([
    expect.objectContaining({
      redeemedBy: who.id,
      redeemedAs: "subscription",
      redeemedRegion: "Auckland",
      subscriptionId: sub!.id,
    }),
  ]);

  await drainQueue(jobs);
  const mail = env.smtp.messages.find((m) => m.to === who.email)!;
  expect(mail.subject).toBe("Your Patch subscription has started");
  expect(mail.text).toContain(
    "Your first box is paid from your credit, and so are the next 2 boxes. No card is saved",
  );
});

test("in a waitlist region the place is held with the credit, and the boxes start once it opens", async () => {
  const { giftId, code } = await paidGift();
  const who = await member();
  const result = await redeemGift(where("Otago", code), who, context(), NOW);
  expect(result).toMatchObject({ ok: true, as: "held", subscriptionId: null, region: "Otago" });
  expect(await balance(who.id)).toBe(11997);
  expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, who.id))).toEqual(
    [],
  );
  const [contact] = await db().select().from(contacts).where(eq(contacts.email, who.email));
  expect(contact).toMatchObject({ region: "Otago", userId: who.id, source: "gift_redeem" });
  expect(contact!.confirmedAt).not.toBeNull();
  expect(contact!.referralCode).toMatch(/^[0-9a-z]{8}$/);
  expect(
    await db().select().from(contactConsents).where(eq(contactConsents.contactId, contact!.id)),
  ).toEqual([expect.objectContaining({ purpose: "waitlist_email", statement: HOLD_STATEMENT })]);
  await drainQueue(jobs);
  const held = env.smtp.messages.find(
    (m) => m.to === who.email && m.subject === "Your Patch gift is kept for Otago",
  );
  expect(held?.text).toContain("your gift (3 months of the 1m² box) as US$119.97 of credit");

  // Not open yet: the page says so, and starting is refused.
  expect(await listHeldGifts(who.id)).toEqual([
    expect.objectContaining({ id: giftId, region: "Otago", regionOpen: false }),
  ]);
  const start = { giftId, ...where("Otago", "") };
  expect(await startHeldGift(start, who, NOW)).toMatchObject({ ok: false, code: "conflict" });

  await openRegion("Otago", "test", NOW);
  expect((await listHeldGifts(who.id))[0]).toMatchObject({
    regionOpen: true,
    address: { street: "3 Rimu Street", city: "Dunedin", region: "Otago", postcode: "9016" },
    deliveryWeek: 2,
  });
  const started = await startHeldGift(start, who, NOW);
  expect(started).toMatchObject({ ok: true, as: "subscription" });
  if (!started.ok) return;
  const [sub] = await db()
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, started.subscriptionId!));
  expect(sub).toMatchObject({ region: "Otago", providerPaymentMethodId: null, status: "active" });
  expect(await balance(who.id)).toBe(11997 - 3999);
  // Started once: again answers the same subscription, and the gift is no longer waiting.
  expect(await startHeldGift(start, who, NOW)).toMatchObject({
    ok: true,
    subscriptionId: sub!.id,
  });
  expect(await listHeldGifts(who.id)).toEqual([]);
  expect(
    await db().select().from(subscriptions).where(eq(subscriptions.userId, who.id)),
  ).toHaveLength(1);
});

test("with a subscription running, the gift is credit for its next boxes", async () => {
  await openRegion("Auckland", "test", NOW);
  const { code } = await paidGift({ months: "6", plan: "2m2" });
  const { id, userId } = await insertSubscription();
  const who = { id: userId, email: `${userId}@example.nz`, name: "Aroha", emailVerified: true };
  const result = await redeemGift(where("Auckland", code), who, context(), NOW);
  expect(result).toMatchObject({ ok: true, as: "credit", subscriptionId: null });
  expect(result.message).toBe(
    "Your gift of US$419.94 is now credit on your account: it pays for your next boxes before your card.",
  );
  expect(await balance(userId)).toBe(6 * 6999);
  expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, userId))).toEqual([
    expect.objectContaining({ id }),
  ]);
});

test("a code is redeemed once: the same member again gets the same answer, anyone else is refused", async () => {
  await openRegion("Auckland", "test", NOW);
  const { code } = await paidGift();
  const who = await member();
  const first = await redeemGift(where("Auckland", code), who, context(), NOW);
  const again = await redeemGift(where("Auckland", code.toLowerCase()), who, context(), NOW);
  expect(again).toEqual(first);
  const other = await member("Someone Else");
  expect(await redeemGift(where("Auckland", code), other, context(), NOW)).toMatchObject({
    ok: false,
    code: "conflict",
    fieldErrors: { code: GIFT_MESSAGES.usedCode },
  });
  expect(await lookUpGift(code, other, context(), NOW)).toMatchObject({
    ok: true,
    gift: { redeemed: "by-someone-else" },
  });
  expect(await balance(other.id)).toBe(0);
  expect((await ledgerOf(who.id)).filter((e) => e.kind === "gift")).toHaveLength(1);
});

test("two members redeeming one code at the same moment: one gets it, once", async () => {
  await openRegion("Auckland", "test", NOW);
  const { giftId, code } = await paidGift();
  const a = await member("A");
  const b = await member("B");
  const results = await Promise.all([
    redeemGift(where("Auckland", code), a, context(), NOW),
    redeemGift(where("Auckland", code), b, context(), NOW),
    redeemGift(where("Auckland", code), a, context(), NOW),
  ]);
  const won = results.filter((r) => r.ok);
  const refused = results.filter((r) => !r.ok);
  // The winner's two tabs get one answer; the other member is told it's used.
  expect(new Set(won.map((r) => (r.ok ? r.subscriptionId : "")))).toHaveProperty("size", 1);
  expect(refused.every((r) => !r.ok && r.code === "conflict")).toBe(true);
  const rows = await db()
    .select()
    .from(creditEntries)
    .where(and(eq(creditEntries.kind, "gift"), eq(creditEntries.requestKey, `gift:${giftId}`)));
  expect(rows).toHaveLength(1);
  const winner = rows[0]!.userId;
  expect(
    await db().select().from(subscriptions).where(eq(subscriptions.userId, winner)),
  ).toHaveLength(1);
  const loser = winner === a.id ? b.id : a.id;
  expect(await balance(loser)).toBe(0);
});

test("unknown, malformed and unpaid codes are refused, the same way", async () => {
  await openRegion("Auckland", "test", NOW);
  const who = await member();
  expect(
    await redeemGift(where("Auckland", "7KQ2-M9XD-4HTR-P3WA"), who, context(), NOW),
  ).toMatchObject({ ok: false, code: "not-found", message: GIFT_MESSAGES.unknownCode });
  expect(await redeemGift(where("Auckland", "not a code"), who, context(), NOW)).toMatchObject({
    ok: false,
    code: "invalid",
    fieldErrors: { code: GIFT_MESSAGES.code },
  });
  // A gift whose card was declined has a code nobody was sent: it finds nothing either.
  const declined = await buyGift(
    {
      idempotencyKey: crypto.randomUUID(),
      plan: "1m2",
      months: "3",
      recipientName: "Mere",
      recipientEmail: "mere@example.nz",
      recipientRegion: "Auckland",
      sendOn: "2026-11-25",
      buyerName: "Hemi",
      buyerEmail: "hemi@example.nz",
      card: testCard("declined", NOW),
    },
    { ip: "192.0.2.1" },
    NOW,
  );
  expect(declined.ok).toBe(false);
  const [unpaid] = await db().select().from(gifts).where(eq(gifts.buyerName, "Hemi"));
  const code = formatGiftCode(giftCodeFor(unpaid!.id));
  expect(await redeemGift(where("Auckland", code), who, context(), NOW)).toMatchObject({
    ok: false,
    code: "not-found",
  });
  expect(await balance(who.id)).toBe(0);
});

test("a member may try ten codes an hour, a connection thirty: then they're asked to wait", async () => {
  const who = await member();
  const ctx = context();
  for (let i = 0; i < REDEEM_LIMITS.perMember.limit; i++)
    expect(await lookUpGift("7KQ2-M9XD-4HTR-P3WA", who, ctx, NOW)).toMatchObject({
      code: "not-found",
    });
  const { code } = await paidGift();
  expect(await redeemGift(where("Auckland", code), who, ctx, NOW)).toMatchObject({
    ok: false,
    code: "limited",
    retryAfter: expect.any(Number),
  });
  // Others on the same connection still have its own budget left, up to thirty.
  const shared = context();
  let limited = 0;
  for (let i = 0; i < REDEEM_LIMITS.perAddress.limit + 1; i++) {
    const someone = { id: `member-${i}-${crypto.randomUUID()}` };
    const found = await lookUpGift("7KQ2-M9XD-4HTR-P3WA", someone, shared, NOW);
    if (!found.ok && found.code === "limited") limited++;
  }
  expect(limited).toBe(1);
});

test("the redeem page's look-up shows the gift, in any case and spacing", async () => {
  const { code } = await paidGift({ message: "Kia ora!" });
  const who = await member();
  const typed = ` ${code.toLowerCase().replace(/-/g, " ")} `;
  expect(await lookUpGift(typed, who, context(), NOW)).toMatchObject({
    ok: true,
    gift: {
      code,
      what: "3 months of the 1m² box",
      from: "Hemi Walker",
      message: "Kia ora!",
      value: "US$119.97",
      redeemed: "no",
    },
  });
});
