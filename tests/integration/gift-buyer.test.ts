// Issue 39's gifts (ADR 076), on a real database with the real SMTP server and queue: the buyer
// names the recipient's region before paying (checked by the shared schema; what a closed region
// means said in the receipt too); the receipt's signed link opens the buyer's page, and a forged,
// altered, repurposed or expired link gets its own page (403 or 410), never an error; moving the
// day and re-sending are each done once per page key, refused when they can't apply and limited
// per gift; the card carries the code until it is spent; and a share link greets the friend by
// the inviter's first name (never their address) with the form on the inviter's region.
import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { contacts, giftEvents, gifts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { signToken, TOKEN_PURPOSES } from "#app/lib/signed-token.server.ts";
import { buyGift } from "#app/modules/gifts/buy-gift.server.ts";
import { formatGiftCode } from "#app/modules/gifts/gift-code.ts";
import { giftCodeFor } from "#app/modules/gifts/gift-code.server.ts";
import { GIFT_BUYER_LINK_DAYS, giftBuyerKey } from "#app/modules/gifts/gift-buyer-link.server.ts";
import { GIFT_MESSAGES } from "#app/modules/gifts/gifts.schema.ts";
import {
  BUYER_GIFT_MESSAGES,
  BUYER_LIMITS,
  buyerResendGiftEmail,
} from "#app/modules/gifts/manage-gift.server.ts";
import { sendGiftEmailJob } from "#app/modules/gifts/send-gift-email.server.ts";
import { addDays, nzToday } from "#app/modules/subscriptions/box-dates.ts";
import { openRegion } from "#app/modules/subscriptions/regions.server.ts";
import { firstNameOf, getInviter } from "#app/modules/waitlist/inviter.server.ts";
import { newReferralCode } from "#app/modules/waitlist/referral-code.server.ts";
import * as giftCardRoute from "#app/routes/gift-card.tsx";
import * as giftManageRoute from "#app/routes/gift-manage.tsx";
import * as referralLinkRoute from "#app/routes/referral-link.ts";
import * as waitlistRoute from "#app/routes/waitlist.tsx";
import { testCard } from "#tests/factories/cards.ts";
import { insertContact } from "#tests/factories/contacts.ts";
import { giftForm } from "#tests/factories/gifts.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { linkIn } from "#tests/setup/smtp.ts";
import { testServices } from "#tests/setup/test-services.ts";

const SITE = "https://patch.test";
const jobs = [sendGiftEmailJob];
const env = testServices({ smtp: true, queues: jobs as never });

let addresses = 0;
const ip = () => `198.51.100.${++addresses % 250}`;
const today = () => nzToday(new Date());

async function buy(overrides: Record<string, unknown> = {}) {
  const now = new Date();
  const input = giftForm({ sendOn: today(), card: testCard("success", now), ...overrides });
  const result = await buyGift(input, { ip: ip() }, now);
  if (!result.ok) throw new Error(result.message);
  return { giftId: result.giftId, input };
}

const mailTo = (to: string) => env.smtp.messages.filter((m) => m.to === to);

function args(url: string, params: Record<string, string>, form?: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(requestInfo, { nonce: "", requestId: "test", clientIp: ip(), sharedPage: false });
  const request = form
    ? new Request(url, { method: "POST", body: new URLSearchParams(form) })
    : new Request(url);
  return { request, context, params } as never;
}

/** A loader's or action's answer: its status and data, a thrown Response included. */
async function answer(run: () => Promise<unknown>) {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response)
    return { status: value.status, location: value.headers.get("location"), data: null };
  const init = (value as { init?: ResponseInit | null }).init;
  const data = ((value as { data?: unknown }).data ?? value) as Record<string, unknown>;
  return { status: init?.status ?? 200, location: null, data };
}

const manageUrl = (giftId: string, key: string) =>
  `${SITE}/gift/manage/${giftId}?key=${encodeURIComponent(key)}`;
const openPage = (giftId: string, key: string) =>
  answer(() => giftManageRoute.loader(args(manageUrl(giftId, key), { giftId })));
const postPage = (giftId: string, key: string, form: Record<string, string>) =>
  answer(() => giftManageRoute.action(args(manageUrl(giftId, key), { giftId }, { key, ...form })));
const keyOfLink = (link: string) => new URL(link).searchParams.get("key")!;

async function codeJobs(giftId: string) {
  const result = (await db().execute(sql`
    select id from pgboss.job
    where name = ${sendGiftEmailJob.name} and data->>'giftId' = ${giftId} and data->>'kind' = 'code'`)) as unknown as {
    rows: unknown[];
  };
  return result.rows.length;
}

test("the recipient's region is checked by the shared schema before anything is paid", async () => {
  for (const recipientRegion of ["Atlantis", "", undefined]) {
    const now = new Date();
    const result = await buyGift(
      giftForm({ sendOn: today(), card: testCard("success", now), recipientRegion }),
      { ip: ip() },
      now,
    );
    expect(result).toMatchObject({
      ok: false,
      code: "invalid",
      fieldErrors: { recipientRegion: GIFT_MESSAGES.recipientRegion },
    });
  }
  const { giftId } = await buy({ recipientRegion: "Gisborne" });
  const [gift] = await db().select().from(gifts).where(eq(gifts.id, giftId));
  expect(gift).toMatchObject({ status: "paid", recipientRegion: "Gisborne" });
});

test("the receipt says what the region means and carries the signed link that opens the buyer's page", async () => {
  await openRegion("Auckland", "test");
  const closed = await buy({ recipientRegion: "Gisborne" });
  const open = await buy({ recipientRegion: "Auckland" });
  await drainQueue(jobs);
  const [closedReceipt] = mailTo(closed.input.buyerEmail);
  expect(closedReceipt!.text).toContain(
    "We don't deliver to Gisborne yet. When Mere Tane redeems the code, we hold their place on the Gisborne waitlist and keep the gift's full value as credit until we launch there.",
  );
  const [openReceipt] = mailTo(open.input.buyerEmail);
  expect(openReceipt!.text).toContain(
    "We deliver to Auckland now: Mere Tane can start their boxes as soon as they redeem the code.",
  );
  // The link's key is signed, not the code: the receipt never carries the code.
  expect(closedReceipt!.text).not.toContain(formatGiftCode(giftCodeFor(closed.giftId)));
  const link = linkIn(closedReceipt!, `${SITE}/gift/manage/${closed.giftId}?key=`);
  const page = await openPage(closed.giftId, keyOfLink(link));
  expect(page.status).toBe(200);
  expect(page.data).toMatchObject({
    state: "valid",
    gift: { recipientName: "Mere Tane", region: "Gisborne", regionOpen: false, canResend: true },
  });
  // The buyer's own address stays off the page.
  expect(JSON.stringify(page.data)).not.toContain(closed.input.buyerEmail);
});

test("a forged, altered, repurposed or other gift's link gets the plain 403 page, an expired one 410", async () => {
  const { giftId } = await buy();
  const other = await buy();
  const good = giftBuyerKey(giftId, new Date());
  const altered = `${good.slice(0, -2)}${good.endsWith("AA") ? "BB" : "AA"}`;
  const forged = [
    "",
    "nonsense",
    altered,
    `${good}.extra`,
    giftBuyerKey(other.giftId, new Date()),
    signToken(TOKEN_PURPOSES.coachThread, giftId),
  ];
  for (const key of forged) {
    const page = await openPage(giftId, key);
    expect(page).toMatchObject({ status: 403, data: { state: "invalid" } });
    const posted = await postPage(giftId, key, {
      intent: "resend",
      requestKey: crypto.randomUUID(),
    });
    expect(posted.status).toBe(403);
    const card = await answer(() =>
      giftCardRoute.loader(args(`${SITE}/gift/manage/${giftId}/card?key=${key}`, { giftId })),
    );
    expect(card).toMatchObject({ status: 403, data: { state: "invalid" } });
  }
  // A gift id that isn't one: the same page.
  expect((await openPage("not-a-gift", good)).status).toBe(403);

  const expired = giftBuyerKey(
    giftId,
    new Date(Date.now() - (GIFT_BUYER_LINK_DAYS + 1) * 86_400_000),
  );
  const page = await openPage(giftId, expired);
  expect(page).toMatchObject({ status: 410, data: { state: "expired" } });
  // An expired link acts on nothing...
  const refused = await postPage(giftId, expired, {
    intent: "resend",
    requestKey: crypto.randomUUID(),
  });
  expect(refused.status).toBe(403);
  expect(await db().select().from(giftEvents).where(eq(giftEvents.giftId, giftId))).toEqual([]);
});

test("an expired link's page e-mails a fresh link to the buyer's address, once per page key", async () => {
  const { giftId, input } = await buy();
  await drainQueue(jobs);
  const expired = giftBuyerKey(
    giftId,
    new Date(Date.now() - (GIFT_BUYER_LINK_DAYS + 1) * 86_400_000),
  );
  const requestKey = crypto.randomUUID();
  for (let i = 0; i < 2; i++) {
    const sent = await postPage(giftId, expired, { intent: "new-link", requestKey });
    expect(sent).toMatchObject({
      status: 200,
      data: { answer: { ok: true, message: BUYER_GIFT_MESSAGES.freshLink } },
    });
  }
  await drainQueue(jobs);
  const fresh = mailTo(input.buyerEmail).filter((m) => m.subject.startsWith("A new link"));
  expect(fresh).toHaveLength(1);
  expect(fresh[0]!.subject).toBe("A new link to your Patch gift for Mere Tane");
  const link = linkIn(fresh[0]!, `${SITE}/gift/manage/${giftId}?key=`);
  expect((await openPage(giftId, keyOfLink(link))).status).toBe(200);
});

test("moving the day is done once per page key, and the old day's e-mail stands down", async () => {
  const { giftId, input } = await buy({ sendOn: addDays(today(), 10) });
  const key = giftBuyerKey(giftId, new Date());
  const later = addDays(today(), 20);
  const requestKey = crypto.randomUUID();
  for (let i = 0; i < 2; i++) {
    const moved = await postPage(giftId, key, { intent: "change", requestKey, sendOn: later });
    expect(moved.status).toBe(302);
    expect(moved.location).toBe(`/gift/manage/${giftId}?key=${encodeURIComponent(key)}`);
  }
  const [gift] = await db().select().from(gifts).where(eq(gifts.id, giftId));
  expect(gift!.sendOn).toBe(later);
  const events = await db().select().from(giftEvents).where(eq(giftEvents.giftId, giftId));
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({ kind: "change", by: input.buyerEmail });
  expect(await codeJobs(giftId)).toBe(2);

  // A day out of range is the field's message, 400; nothing moves.
  const far = await postPage(giftId, key, {
    intent: "change",
    requestKey: crypto.randomUUID(),
    sendOn: addDays(today(), 400),
  });
  expect(far).toMatchObject({
    status: 400,
    data: { answer: { fieldErrors: { sendOn: GIFT_MESSAGES.sendOn } } },
  });
  const bad = await postPage(giftId, key, { intent: "change", requestKey: "x", sendOn: later });
  expect(bad.status).toBe(400);

  // Run everything: one e-mail with the code, from the new day's job.
  await drainQueue(jobs);
  expect(mailTo(input.recipientEmail)).toHaveLength(1);
  // Sent now: its day can't move any more, and the page says so.
  const after = await postPage(giftId, key, {
    intent: "change",
    requestKey: crypto.randomUUID(),
    sendOn: addDays(today(), 30),
  });
  expect(after).toMatchObject({
    status: 409,
    data: { answer: { message: BUYER_GIFT_MESSAGES.alreadySent } },
  });
});

test("re-sending is done once per page key, only once the e-mail has gone and not once redeemed", async () => {
  const later = await buy({ sendOn: addDays(today(), 5) });
  const laterKey = giftBuyerKey(later.giftId, new Date());
  const early = await postPage(later.giftId, laterKey, {
    intent: "resend",
    requestKey: crypto.randomUUID(),
  });
  expect(early.status).toBe(409);

  const { giftId, input } = await buy();
  await drainQueue(jobs);
  expect(mailTo(input.recipientEmail)).toHaveLength(1);
  const key = giftBuyerKey(giftId, new Date());
  const requestKey = crypto.randomUUID();
  for (let i = 0; i < 3; i++) {
    const resent = await postPage(giftId, key, { intent: "resend", requestKey });
    expect(resent.status).toBe(302);
  }
  await drainQueue(jobs);
  const mails = mailTo(input.recipientEmail);
  expect(mails).toHaveLength(2);
  const code = formatGiftCode(giftCodeFor(giftId));
  expect(mails[1]!.text).toContain(`Your gift code: ${code}`);

  // Redeemed: nothing left to send, and the page says when.
  const redeemedAt = new Date();
  await db()
    .update(gifts)
    .set({ redeemedAt, redeemedBy: "someone", redeemedAs: "credit" })
    .where(eq(gifts.id, giftId));
  const refused = await postPage(giftId, key, {
    intent: "resend",
    requestKey: crypto.randomUUID(),
  });
  expect(refused).toMatchObject({
    status: 409,
    data: { answer: { message: BUYER_GIFT_MESSAGES.redeemed } },
  });
  const page = await openPage(giftId, key);
  expect(page.data).toMatchObject({
    gift: { redeemedOn: expect.stringMatching(/\d{4}$/), canResend: false, canChangeDay: false },
  });
});

test("a buyer's acts are limited per gift: past the limit a 429 with its wait", async () => {
  const { giftId, input } = await buy();
  await drainQueue(jobs);
  const now = new Date();
  const acts = [];
  for (let i = 0; i < BUYER_LIMITS.perGiftPerHour.limit + 1; i++)
    acts.push(
      await buyerResendGiftEmail({
        giftId,
        buyerEmail: input.buyerEmail,
        ip: `203.0.113.${i + 1}`,
        input: { requestKey: crypto.randomUUID() },
        now,
      }),
    );
  expect(acts.slice(0, -1).every((a) => a.ok)).toBe(true);
  expect(acts.at(-1)).toMatchObject({ ok: false, code: "limited" });
  expect((acts.at(-1) as { retryAfter?: number }).retryAfter).toBeGreaterThan(0);
  const events = await db()
    .select()
    .from(giftEvents)
    .where(and(eq(giftEvents.giftId, giftId), eq(giftEvents.kind, "resend")));
  expect(events).toHaveLength(BUYER_LIMITS.perGiftPerHour.limit);
});

test("the card has the code and the message until the gift is redeemed", async () => {
  const { giftId } = await buy({ message: "Happy birthday!\nGrow something good." });
  const key = giftBuyerKey(giftId, new Date());
  const card = await answer(() =>
    giftCardRoute.loader(
      args(`${SITE}/gift/manage/${giftId}/card?key=${encodeURIComponent(key)}`, { giftId }),
    ),
  );
  expect(card).toMatchObject({
    status: 200,
    data: {
      card: {
        code: formatGiftCode(giftCodeFor(giftId)),
        message: "Happy birthday!\nGrow something good.",
        recipientName: "Mere Tane",
        buyerName: "Hemi Walker",
      },
    },
  });
  await db()
    .update(gifts)
    .set({ redeemedAt: new Date(), redeemedBy: "someone", redeemedAs: "credit" })
    .where(eq(gifts.id, giftId));
  const spent = await answer(() =>
    giftCardRoute.loader(
      args(`${SITE}/gift/manage/${giftId}/card?key=${encodeURIComponent(key)}`, { giftId }),
    ),
  );
  expect(spent.data).toMatchObject({ card: { code: null, redeemed: true } });
});

async function contactWithCode(name: string | null, region: string) {
  const id = crypto.randomUUID().slice(0, 8);
  const email = `inviter.${id}@example.nz`;
  const contactId = await insertContact(email, region, {
    confirmed: true,
    name: name ?? undefined,
  });
  const code = newReferralCode();
  await db().update(contacts).set({ referralCode: code }).where(eq(contacts.id, contactId));
  return { code, email };
}

test("a share link greets the friend by the inviter's first name, never their address, and starts on their region", async () => {
  const hemi = await contactWithCode("Hemi Walker", "Canterbury");
  const link = await answer(async () =>
    referralLinkRoute.loader(args(`${SITE}/r/${hemi.code}`, { code: hemi.code })),
  );
  expect(link).toMatchObject({ status: 302, location: `/waitlist?invite=${hemi.code}` });

  const page = await answer(() =>
    waitlistRoute.loader(args(`${SITE}/waitlist?invite=${hemi.code}`, {})),
  );
  expect(page.data).toMatchObject({ greeting: "Hemi invited you to Patch", region: "Canterbury" });
  expect(JSON.stringify(page.data)).not.toContain(hemi.email);
  expect(JSON.stringify(page.data)).not.toContain("Walker");
  // A region in the address (a plan card's question) wins over the inviter's.
  const chosen = await answer(() =>
    waitlistRoute.loader(args(`${SITE}/waitlist?invite=${hemi.code}&region=Otago`, {})),
  );
  expect(chosen.data).toMatchObject({ region: "Otago", invitedRegion: null });

  // No name, or one that is an address: a neutral greeting.
  for (const name of [null, "aroha@example.nz"]) {
    const nameless = await contactWithCode(name, "Nelson");
    const greeted = await answer(() =>
      waitlistRoute.loader(args(`${SITE}/waitlist?invite=${nameless.code}`, {})),
    );
    expect(greeted.data).toMatchObject({
      greeting: "A friend invited you to Patch",
      region: "Nelson",
    });
  }
  // A code that is no one's, or isn't a code: the plain page.
  for (const invite of ["zzzzzzzz", "<script>"]) {
    const plain = await answer(() =>
      waitlistRoute.loader(args(`${SITE}/waitlist?invite=${encodeURIComponent(invite)}`, {})),
    );
    expect(plain.data).toMatchObject({ greeting: null, region: "" });
  }
  expect(await getInviter("zzzzzzzz")).toBeNull();
  expect(firstNameOf("  Mere   Tane ")).toBe("Mere");
  expect(firstNameOf("mere@example.nz Tane")).toBeNull();
});
