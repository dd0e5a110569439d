// Buying a gift box (ADR 043): paid with the demo card once per page key however often it is sent,
// the buyer's receipt with its GST, and the recipient's e-mail with the code on the chosen day:
// today's at once, a later day's queued with pg-boss's startAfter for 8 am New Zealand time that
// day and sent when its job runs.
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { gifts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { DEMO_MESSAGES } from "#app/modules/payments/demo-payments.server.ts";
import { testCard } from "#tests/factories/cards.ts";
import { giftForm } from "#tests/factories/gifts.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { buyGift } from "./buy-gift.server.ts";
import { formatGiftCode, normaliseGiftCode } from "./gift-code.ts";
import { giftCodeFor, giftCodeHash } from "./gift-code.server.ts";
import { GIFT_MESSAGES } from "./gifts.schema.ts";
import { sendGiftEmailJob } from "./send-gift-email.server.ts";

const jobs = [sendGiftEmailJob];
const env = testServices({ smtp: true, queues: jobs as never });

// 25 November 2026, 3pm in Auckland (NZDT, UTC+13).
const NOW = new Date("2026-11-25T02:00:00Z");

let addresses = 0;
const buyer = () => ({ ip: `198.51.100.${++addresses}` });

const form = (overrides: Record<string, unknown> = {}) =>
  giftForm({ card: testCard("success", NOW), ...overrides });

const giftOf = async (id: string) => (await db().select().from(gifts).where(eq(gifts.id, id)))[0]!;
const mailTo = (to: string) => env.smtp.messages.filter((m) => m.to === to);

async function codeJob(giftId: string) {
  const result = (await db().execute(sql`
    select state, start_after from pgboss.job
    where name = ${sendGiftEmailJob.name} and data->>'giftId' = ${giftId} and data->>'kind' = 'code'`)) as unknown as {
    rows: { state: string; start_after: Date | string }[];
  };
  return result.rows.map((r) => ({ state: r.state, startAfter: new Date(r.start_after) }));
}

test("a gift paid with the demo card for today: receipt with GST, and the code e-mailed now", async () => {
  const input = form();
  const result = await buyGift(input, buyer(), NOW);
  expect(result).toMatchObject({ ok: true, status: "paid" });
  if (!result.ok) return;
  const gift = await giftOf(result.giftId);
  expect(gift).toMatchObject({
    status: "paid",
    plan: "1m2",
    months: 3,
    monthlyPrice: 3999,
    amount: 11997,
    gst: 1565,
    paymentProvider: "demo",
    paymentReference: `demo_${gift.id}`,
    sendOn: "2026-11-25",
  });
  // The code is never stored: only its hash, which the code worked out from the id matches.
  const code = giftCodeFor(gift.id);
  expect(gift.codeHash).toBe(giftCodeHash(code));
  expect(JSON.stringify(gift)).not.toContain(code);
  // Today's e-mail has no later start.
  expect((await codeJob(gift.id))[0]!.startAfter.getTime()).toBeLessThanOrEqual(Date.now());

  await drainQueue(jobs);
  const [receipt] = mailTo(input.buyerEmail);
  expect(receipt!.subject).toBe("Receipt: your Patch gift for Mere Tane");
  expect(receipt!.text).toContain("Paid US$119.97 (3 × US$39.99). Includes GST of US$15.65.");
  expect(receipt!.text).toContain(`We've e-mailed Mere Tane at ${input.recipientEmail} today`);
  expect(receipt!.text).not.toContain(formatGiftCode(code));

  const [mail] = mailTo(input.recipientEmail);
  expect(mail!.subject).toBe("Hemi Walker has sent you a Patch garden box gift");
  expect(mail!.text).toContain(`Your gift code: ${formatGiftCode(code)}`);
  expect(mail!.text).toContain("3 months of the 1m² box");
  expect(mail!.text).toContain("Grow something good.");
  expect(mail!.text).toContain(`https://patch.test/gift/redeem?code=${formatGiftCode(code)}`);
  expect((await giftOf(gift.id)).sentAt).not.toBeNull();

  // The jobs again send nothing more.
  await sendGiftEmailJob.handle({ giftId: gift.id, kind: "code" }, { jobId: "x", attempt: 2 });
  await sendGiftEmailJob.handle({ giftId: gift.id, kind: "receipt" }, { jobId: "y", attempt: 2 });
  expect(mailTo(input.recipientEmail)).toHaveLength(1);
  expect(mailTo(input.buyerEmail)).toHaveLength(1);
});

test("a later day is queued with startAfter at 8 am that day in New Zealand, sent when its job runs", async () => {
  const input = form({ sendOn: "2026-12-24" });
  const result = await buyGift(input, buyer(), NOW);
  if (!result.ok) throw new Error(result.message);
  // 8 am on Christmas Eve in Auckland (NZDT) is 7 pm the day before in UTC.
  expect(await codeJob(result.giftId)).toEqual([
    { state: "created", startAfter: new Date("2026-12-23T19:00:00Z") },
  ]);
  // The receipt goes now and says when; pg-boss holds the code's e-mail until its time...
  await sendGiftEmailJob.handle(
    { giftId: result.giftId, kind: "receipt" },
    { jobId: "r", attempt: 0 },
  );
  expect(mailTo(input.buyerEmail)[0]!.text).toContain(
    "on Thursday 24 December 2026 with the code that starts their boxes",
  );
  expect(mailTo(input.recipientEmail)).toHaveLength(0);
  expect((await giftOf(result.giftId)).sentAt).toBeNull();

  // ...and running the job (as its day comes) sends it, once.
  await drainQueue(jobs);
  const mail = mailTo(input.recipientEmail);
  expect(mail).toHaveLength(1);
  expect(mail[0]!.text).toContain(`Your gift code: ${formatGiftCode(giftCodeFor(result.giftId))}`);
  expect((await codeJob(result.giftId))[0]!.state).toBe("completed");
});

test("a retried submit, even two at once, pays for one gift and sends its e-mails once", async () => {
  const input = form();
  const who = buyer();
  const [a, b] = await Promise.all([buyGift(input, who, NOW), buyGift(input, who, NOW)]);
  const again = await buyGift(input, who, NOW);
  const ids = new Set([a, b, again].map((r) => (r.ok ? r.giftId : "")));
  expect(ids.size).toBe(1);
  expect([...ids][0]).not.toBe("");
  expect(
    await db().select().from(gifts).where(eq(gifts.idempotencyKey, input.idempotencyKey)),
  ).toHaveLength(1);
  await drainQueue(jobs);
  expect(mailTo(input.buyerEmail)).toHaveLength(1);
  expect(mailTo(input.recipientEmail)).toHaveLength(1);
});

test("a declined card pays nothing and sends nothing; the same page's retry with 4242 pays once", async () => {
  const input = form({ card: testCard("declined", NOW) });
  const who = buyer();
  expect(await buyGift(input, who, NOW)).toMatchObject({
    ok: false,
    code: "invalid",
    declined: true,
    message: DEMO_MESSAGES.declined,
  });
  const [declined] = await db()
    .select()
    .from(gifts)
    .where(eq(gifts.idempotencyKey, input.idempotencyKey));
  expect(declined).toMatchObject({ status: "payment_failed", paymentReference: null });
  await drainQueue(jobs);
  expect(mailTo(input.buyerEmail)).toHaveLength(0);

  const paid = await buyGift({ ...input, card: testCard("success", NOW) }, who, NOW);
  expect(paid).toMatchObject({ ok: true, status: "paid", giftId: declined!.id });
  await drainQueue(jobs);
  expect(mailTo(input.buyerEmail)).toHaveLength(1);
});

test("the form is checked: a day outside today to six months, odd text, a missing card", async () => {
  for (const [sendOn, ok] of [
    ["2026-11-24", false],
    ["2026-11-25", true],
    ["2027-05-27", true],
    ["2027-05-28", false],
    ["25/12/2026", false],
  ] as const) {
    const result = await buyGift(form({ sendOn }), buyer(), NOW);
    expect(result.ok, sendOn).toBe(ok);
    if (!ok) expect(result).toMatchObject({ fieldErrors: { sendOn: GIFT_MESSAGES.sendOn } });
  }
  expect(await buyGift(form({ months: "4" }), buyer(), NOW)).toMatchObject({
    ok: false,
    fieldErrors: { months: GIFT_MESSAGES.months },
  });
  expect(
    await buyGift(
      form({ recipientName: "Mere\u202Eevil", message: "x".repeat(301) }),
      buyer(),
      NOW,
    ),
  ).toMatchObject({
    ok: false,
    fieldErrors: {
      recipientName: expect.stringContaining("hidden characters"),
      message: GIFT_MESSAGES.message,
    },
  });
  expect(await buyGift(form({ card: {} }), buyer(), NOW)).toMatchObject({
    ok: false,
    fieldErrors: { cardNumber: expect.any(String) },
  });
});

test("a connection that starts more than ten gift checkouts a minute is asked to wait", async () => {
  const who = buyer();
  for (let i = 0; i < 10; i++)
    expect(await buyGift(form({ card: testCard("declined", NOW) }), who, NOW)).toMatchObject({
      code: "invalid",
    });
  expect(await buyGift(form(), who, NOW)).toMatchObject({
    ok: false,
    code: "limited",
    retryAfter: expect.any(Number),
  });
});

test("codes are 16 characters in four groups, and typing them is forgiving", () => {
  const code = giftCodeFor(crypto.randomUUID());
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
  expect(formatGiftCode(code)).toMatch(/^(\w{4}-){3}\w{4}$/);
  expect(giftCodeFor("a")).not.toBe(giftCodeFor("b"));
  expect(normaliseGiftCode(" 7kq2 m9xd-4htr–p3wa ")).toBe("7KQ2M9XD4HTRP3WA");
  expect(normaliseGiftCode("OIL0-0000-0000-0000")).toBe("0110000000000000");
  expect(normaliseGiftCode("7KQ2-M9XD-4HTR-P3W")).toBeNull();
  expect(normaliseGiftCode("7KQ2-M9XD-4HTR-P3WU")).toBeNull();
  expect(normaliseGiftCode(42)).toBeNull();
});
