// The admin's side of gifts (ADR 049) on a real database, queue and SMTP server: the list (newest
// first, found by e-mail or the code's last four, filtered by status, paged), and the three acts,
// each parsed with zod, kept in the gift's history with who and why, and the same act once however
// often its form is sent: moving the day or recipient (the old day's job then sends nothing),
// re-sending the recipient's e-mail (the same code, or a fresh one when the old can't be worked out
// any more), and refunding (the code stops working, the buyer is e-mailed; not once redeemed).
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { giftEvents, gifts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { insertMember } from "#tests/factories/members.ts";
import { testCard } from "#tests/factories/cards.ts";
import { paidGiftId } from "#tests/factories/gifts.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { ADMIN_GIFT_MESSAGES, GIFTS_PAGE_SIZE } from "./admin-gifts.schema.ts";
import { buyGift } from "./buy-gift.server.ts";
import { changeGiftDelivery } from "./change-gift-delivery.server.ts";
import { formatGiftCode } from "./gift-code.ts";
import { giftCodeFor, giftCodeHash } from "./gift-code.server.ts";
import { GIFT_MESSAGES } from "./gifts.schema.ts";
import { getAdminGift, listGifts } from "./list-gifts.server.ts";
import { lookUpGift } from "./redeem-gift.server.ts";
import { refundGift, refundGiftPaymentJob } from "./refund-gift.server.ts";
import { resendGiftEmail } from "./resend-gift-email.server.ts";
import { sendGiftEmailJob } from "./send-gift-email.server.ts";

const jobs = [sendGiftEmailJob, refundGiftPaymentJob];
const env = testServices({ smtp: true, queues: jobs as never });

// 25 November 2026, 3pm in Auckland (NZDT, UTC+13).
const NOW = new Date("2026-11-25T02:00:00Z");
const admin = { email: "ops@example.com" };

async function paidGift(overrides: Record<string, unknown> = {}, at = NOW) {
  return giftOf(await paidGiftId({ months: "6", sendOn: "2026-12-24", ...overrides }, at));
}

/** Marks a gift redeemed by a new member, as the redeem page would have. */
async function redeemedAs(giftId: string, as: "credit" | "subscription") {
  const member = await insertMember({ name: "Mere" });
  await db()
    .update(gifts)
    .set({ redeemedAt: NOW, redeemedBy: member, redeemedAs: as })
    .where(eq(gifts.id, giftId));
}

const giftOf = async (id: string) => (await db().select().from(gifts).where(eq(gifts.id, id)))[0]!;
const mailTo = (to: string) => env.smtp.messages.filter((m) => m.to === to);
const historyOf = (id: string) => db().select().from(giftEvents).where(eq(giftEvents.giftId, id));
const form = (more: Record<string, string> = {}) => ({
  requestKey: crypto.randomUUID(),
  reason: "Buyer phoned",
  ...more,
});

test("the list: newest first, by e-mail or the code's last four, by status, 50 a page; one gift", async () => {
  const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
  const first = await paidGift({ recipientEmail: "kowhai.list@example.nz" }, later(1));
  const second = await paidGift({ recipientEmail: "rata.list@example.nz" }, later(2));
  const failed = await buyGift(
    {
      idempotencyKey: crypto.randomUUID(),
      plan: "2m2",
      months: "12",
      recipientName: "Rua",
      recipientEmail: "rua.list@example.nz",
      recipientRegion: "Auckland",
      sendOn: "2026-11-25",
      buyerName: "Tui",
      buyerEmail: "tui.list@example.nz",
      card: testCard("declined", NOW),
    },
    { ip: "198.51.100.251" },
    later(3),
  );
  expect(failed.ok).toBe(false);

  const all = await listGifts({ query: { page: 1, q: ".list@" } });
  expect(all.rows.map((g) => g.recipientEmail)).toEqual([
    "rua.list@example.nz",
    "rata.list@example.nz",
    "kowhai.list@example.nz",
  ]);
  expect(all.rows[1]!.id).toBe(second.id);
  // Never the code or its hash: only its last four.
  expect(JSON.stringify(all)).not.toContain(giftCodeFor(first.id));
  expect(JSON.stringify(all)).not.toContain(first.codeHash);
  expect(first.codeEnd).toBe(giftCodeFor(first.id).slice(-4));

  expect((await listGifts({ query: { page: 1, q: "KOWHAI.list" } })).rows).toEqual([
    expect.objectContaining({ id: first.id }),
  ]);
  expect((await listGifts({ query: { page: 1, q: "tui.list@" } })).rows).toHaveLength(1);
  const end = first.codeEnd!.toLowerCase().replace(/0/g, "o");
  const byCode = await listGifts({ query: { page: 1, q: end } });
  expect(byCode.rows.map((g) => g.id)).toContain(first.id);
  expect(
    (await listGifts({ query: { page: 1, q: ".list@", status: "payment_failed" } })).rows.map(
      (g) => g.recipientEmail,
    ),
  ).toEqual(["rua.list@example.nz"]);
  expect(await listGifts({ query: { page: 1, q: "nobody-at-all" } })).toMatchObject({
    rows: [],
    total: 0,
    pages: 1,
  });

  // Paged as the other admin lists.
  const many = Array.from({ length: GIFTS_PAGE_SIZE }, (_, i) => ({
    ...first,
    id: crypto.randomUUID(),
    idempotencyKey: crypto.randomUUID(),
    codeHash: `page-${i}-${crypto.randomUUID()}`,
    buyerEmail: `pager.${i}@example.nz`,
    createdAt: new Date(NOW.getTime() - (i + 1) * 60_000),
  }));
  await db().insert(gifts).values(many);
  const page1 = await listGifts({ query: { page: 1, q: "pager." } });
  const page2 = await listGifts({ query: { page: 2, q: "pager." } });
  expect(page1).toMatchObject({ total: GIFTS_PAGE_SIZE, pages: 1 });
  const everyone = await listGifts({ query: { page: 2, q: undefined } });
  expect(everyone.pages).toBeGreaterThanOrEqual(2);
  expect(everyone.rows.length).toBeGreaterThan(0);
  expect(page2.rows).toEqual([]);

  expect(await getAdminGift({ id: first.id })).toMatchObject({
    gift: { id: first.id, status: "paid", codeEnd: first.codeEnd },
    history: [],
  });
  expect(await getAdminGift({ id: "not-a-uuid" })).toBeNull();
  expect(await getAdminGift({ id: crypto.randomUUID() })).toBeNull();
});

test("moving the day and recipient: the e-mail goes once, on the new day, to the new address", async () => {
  const gift = await paidGift();
  const input = form({
    sendOn: "2027-01-10",
    recipientName: "Mere Parata",
    recipientEmail: "Mere.New@Example.NZ",
  });
  const changed = await changeGiftDelivery({ giftId: gift.id, input, admin, now: NOW });
  expect(changed).toMatchObject({
    ok: true,
    repeated: false,
    message: ADMIN_GIFT_MESSAGES.changed,
  });
  // The same form again (a double click, a retry): the same answer, nothing more done.
  expect(await changeGiftDelivery({ giftId: gift.id, input, admin, now: NOW })).toMatchObject({
    ok: true,
    repeated: true,
  });
  expect(await giftOf(gift.id)).toMatchObject({
    sendOn: "2027-01-10",
    recipientName: "Mere Parata",
    recipientEmail: "mere.new@example.nz",
  });
  const history = await historyOf(gift.id);
  expect(history).toHaveLength(1);
  expect(history[0]).toMatchObject({
    kind: "change",
    by: "ops@example.com",
    reason: "Buyer phoned",
    details: { before: { sendOn: "2026-12-24" }, after: { sendOn: "2027-01-10" } },
  });
  // The new day's job waits for 8am on 10 January in Auckland (NZDT: 7pm the day before, UTC).
  const queued = (await db().execute(sql`
    select data->>'sendOn' as day, start_after from pgboss.job
    where name = ${sendGiftEmailJob.name} and data->>'giftId' = ${gift.id}
      and data->>'kind' = 'code' order by start_after`)) as unknown as {
    rows: { day: string; start_after: string }[];
  };
  expect(queued.rows.map((r) => [r.day, new Date(r.start_after).toISOString()])).toEqual([
    ["2026-12-24", "2026-12-23T19:00:00.000Z"],
    ["2027-01-10", "2027-01-09T19:00:00.000Z"],
  ]);

  // Both jobs run (the queue drained as if both days had come): the old one sends nothing.
  await drainQueue(jobs);
  expect(mailTo(gift.recipientEmail)).toHaveLength(0);
  const sent = mailTo("mere.new@example.nz");
  expect(sent).toHaveLength(1);
  expect(sent[0]!.text).toContain("A gift for you, Mere Parata");
  expect(sent[0]!.text).toContain(formatGiftCode(giftCodeFor(gift.id)));

  // Sent now: its day and address can't change any more.
  expect(
    await changeGiftDelivery({
      giftId: gift.id,
      input: form({ sendOn: "2027-02-01", recipientName: "M", recipientEmail: "m@example.nz" }),
      admin,
      now: NOW,
    }),
  ).toMatchObject({ ok: false, code: "conflict", message: ADMIN_GIFT_MESSAGES.alreadySent });
});

test("a change is checked: the day's range, the address, a reason, the request key", async () => {
  const gift = await paidGift();
  const base = { sendOn: "2027-01-10", recipientName: "Mere", recipientEmail: "mere@example.nz" };
  const ask = (input: Record<string, unknown>) =>
    changeGiftDelivery({ giftId: gift.id, input, admin, now: NOW });
  expect(await ask(form({ ...base, sendOn: "2026-11-24" }))).toMatchObject({
    ok: false,
    code: "invalid",
    fieldErrors: { sendOn: GIFT_MESSAGES.sendOn },
  });
  expect(await ask(form({ ...base, sendOn: "2027-05-28" }))).toMatchObject({ code: "invalid" });
  expect(await ask(form({ ...base, recipientEmail: "not an address" }))).toMatchObject({
    code: "invalid",
    fieldErrors: { recipientEmail: GIFT_MESSAGES.recipientEmail },
  });
  expect(await ask(form({ ...base, reason: "" }))).toMatchObject({
    code: "invalid",
    fieldErrors: { reason: ADMIN_GIFT_MESSAGES.reason },
  });
  expect(await ask({ ...base, reason: "typo", requestKey: "1" })).toMatchObject({
    code: "invalid",
  });
  expect(
    await ask(
      form({
        sendOn: gift.sendOn,
        recipientName: gift.recipientName,
        recipientEmail: gift.recipientEmail,
      }),
    ),
  ).toMatchObject({ code: "invalid", message: ADMIN_GIFT_MESSAGES.nothingChanged });
  expect(
    await changeGiftDelivery({ giftId: "x", input: form(base), admin, now: NOW }),
  ).toMatchObject({ code: "not-found" });
  expect(await historyOf(gift.id)).toEqual([]);
  expect((await giftOf(gift.id)).sendOn).toBe("2026-12-24");
});

test("re-sending: the same code once more, once per form; a fresh code when the old can't be made", async () => {
  const gift = await paidGift({ sendOn: "2026-11-25" });
  await drainQueue(jobs);
  expect(mailTo(gift.recipientEmail)).toHaveLength(1);
  const code = formatGiftCode(giftCodeFor(gift.id));

  const input = form({ reason: "Recipient deleted the e-mail" });
  expect(await resendGiftEmail({ giftId: gift.id, input, admin })).toMatchObject({
    ok: true,
    message: ADMIN_GIFT_MESSAGES.resent(gift.recipientEmail),
  });
  expect(await resendGiftEmail({ giftId: gift.id, input, admin })).toMatchObject({
    ok: true,
    repeated: true,
  });
  await drainQueue(jobs);
  const mails = mailTo(gift.recipientEmail);
  expect(mails).toHaveLength(2);
  expect(mails[1]!.text).toContain(`Your gift code: ${code}`);
  expect(await historyOf(gift.id)).toMatchObject([{ kind: "resend", by: "ops@example.com" }]);

  // The stored hash is no longer this code's (AUTH_SECRET changed since): a fresh code is sent and
  // its hash replaces the old, which stops working.
  await db().update(gifts).set({ codeHash: "from-an-old-secret" }).where(eq(gifts.id, gift.id));
  expect((await resendGiftEmail({ giftId: gift.id, input: form(), admin })).ok).toBe(true);
  await drainQueue(jobs);
  expect(mailTo(gift.recipientEmail)).toHaveLength(3);
  expect((await giftOf(gift.id)).codeHash).toBe(giftCodeHash(giftCodeFor(gift.id)));

  // Re-sent before its day: the day's job finds it sent and sends nothing more.
  const early = await paidGift({ sendOn: "2026-12-20" });
  const now = form();
  expect((await resendGiftEmail({ giftId: early.id, input: now, admin })).ok).toBe(true);
  // The re-send runs now; the day's job (made due by the drain) later.
  await sendGiftEmailJob.handle(
    { giftId: early.id, kind: "code", resend: now.requestKey },
    { jobId: "now", attempt: 0 },
  );
  await drainQueue(jobs);
  expect(mailTo(early.recipientEmail)).toHaveLength(1);

  // Redeemed: nothing left to send.
  await redeemedAs(gift.id, "credit");
  expect(await resendGiftEmail({ giftId: gift.id, input: form(), admin })).toMatchObject({
    ok: false,
    code: "conflict",
    message: ADMIN_GIFT_MESSAGES.redeemedResend,
  });
});

test("refunding: the gift is refunded once, its code stops working, the buyer is e-mailed", async () => {
  const gift = await paidGift();
  const input = form({ reason: "Bought twice by mistake" });
  const [a, b] = await Promise.all([
    refundGift({ giftId: gift.id, input, admin, now: NOW }),
    refundGift({ giftId: gift.id, input, admin, now: NOW }),
  ]);
  expect([a.ok, b.ok]).toEqual([true, true]);
  expect([a, b].filter((r) => r.ok && r.repeated)).toHaveLength(1);
  expect(await giftOf(gift.id)).toMatchObject({ status: "refunded", refundedAt: NOW });
  expect(await historyOf(gift.id)).toMatchObject([
    {
      kind: "refund",
      reason: "Bought twice by mistake",
      details: { amount: 23994, provider: "demo", moneyReturned: false },
    },
  ]);

  await drainQueue(jobs);
  const [mail] = mailTo(gift.buyerEmail).filter((m) => m.subject.startsWith("Refund"));
  expect(mail!.subject).toBe("Refund: your Patch gift for Mere Tane");
  expect(mail!.text).toContain("we've refunded your gift of 6 months of the 1m² box");
  // Its day's e-mail never goes, and the code finds nothing.
  expect(mailTo(gift.recipientEmail)).toHaveLength(0);
  const member = await insertMember({ name: "Mere" });
  expect(
    await lookUpGift(giftCodeFor(gift.id), { id: member }, { ip: "203.0.113.9", userAgent: "t" }),
  ).toMatchObject({ ok: false, message: GIFT_MESSAGES.unknownCode });

  // Refunded: nothing more can be done to it.
  for (const act of [refundGift, resendGiftEmail])
    expect(await act({ giftId: gift.id, input: form(), admin })).toMatchObject({
      ok: false,
      message: ADMIN_GIFT_MESSAGES.refunded,
    });
});

test("a redeemed gift or an unpaid one can't be refunded here", async () => {
  const gift = await paidGift();
  await redeemedAs(gift.id, "subscription");
  expect(await refundGift({ giftId: gift.id, input: form(), admin })).toMatchObject({
    ok: false,
    code: "conflict",
    message: ADMIN_GIFT_MESSAGES.redeemed,
  });
  await db()
    .update(gifts)
    .set({ redeemedAt: null, redeemedBy: null, redeemedAs: null, status: "payment_failed" })
    .where(eq(gifts.id, gift.id));
  expect(await refundGift({ giftId: gift.id, input: form(), admin })).toMatchObject({
    ok: false,
    message: ADMIN_GIFT_MESSAGES.notPaid,
  });
  expect((await giftOf(gift.id)).status).toBe("payment_failed");
  expect(await historyOf(gift.id)).toEqual([]);
});
