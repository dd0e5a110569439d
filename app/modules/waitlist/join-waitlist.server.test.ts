import { and, eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { contactConsents, contacts, notifications, rateLimits } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { setSettings } from "#app/lib/env.server.ts";
import { queue, startWorking } from "#app/lib/queue.server.ts";
import { rateWindow } from "#app/lib/rate-limit.server.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { linkIn } from "#tests/setup/smtp.ts";
import { testSettings } from "#tests/setup/test-database.ts";
import { startWebhookReceiver } from "#tests/setup/webhook-receiver.ts";
import { confirmContact } from "./confirm-contact.server.ts";
import { solveJoinChallenge } from "./join-challenge.ts";
import { issueJoinChallenge } from "./join-challenge.server.ts";
import { joinWaitlist, JOIN_LIMIT } from "./join-waitlist.server.ts";
import { saveSurvey } from "./save-survey.server.ts";
import {
  sendWaitlistConfirmation,
  sendWaitlistConfirmationJob,
} from "./send-waitlist-confirmation.server.ts";
import { signCrmBody, syncContactToCrmJob } from "./sync-contact-to-crm.server.ts";
import { unsubscribeContact } from "./unsubscribe-contact.server.ts";
import { MESSAGES } from "./waitlist.schema.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { sendRegionMoveJob } from "./move-region.server.ts";
import { CONFIRMATION_EMAIL_LIMIT } from "./confirmation-email-limit.server.ts";

let ipCounter = 0;
const ctx = () => ({
  ip: `203.0.113.${++ipCounter % 250}`,
  userAgent: "vitest",
  page: "/waitlist",
});

// The confirmation is sent by the queue's worker, as in `npm start` (ADR 066): the join answers
// before it goes.
const env = testServices({
  smtp: true,
  queues: [syncContactToCrmJob, sendRegionMoveJob] as never,
  workers: [sendWaitlistConfirmationJob] as never,
});

test("joining stores the contact, its consent and sends the confirmation with its links", async () => {
  const result = await joinWaitlist(
    { email: "  Kiri@Example.NZ ", region: "Otago", plan: "2m2" },
    ctx(),
  );
  expect(result).toMatchObject({
    ok: true,
    contactId: expect.any(String),
    emailSent: true,
    message: MESSAGES.joinedWithEmail,
  });
  if (!result.ok) return;
  const [row] = await db().select().from(contacts).where(eq(contacts.id, result.contactId!));
  expect(row).toMatchObject({
    email: "kiri@example.nz",
    region: "Otago",
    address: { state: "Otago", country: "New Zealand" },
    plan: "2m2",
    source: "waitlist_page",
    confirmedAt: null,
  });
  const consents = await db()
    .select()
    .from(contactConsents)
    .where(eq(contactConsents.contactId, result.contactId!));
  expect(consents).toHaveLength(1);
  expect(consents[0]).toMatchObject({
    purpose: "waitlist_email",
    source: "https://patch.test/waitlist",
    userAgent: "vitest",
  });
  expect(consents[0]?.statement).toContain("unsubscribe at any time");
  expect(consents[0]?.ip).toMatch(/^203\.0\.113\./);

  const [mail] = await env.smtp.waitForTo("kiri@example.nz");
  expect(mail?.subject).toBe("Confirm you're on the Patch waitlist");
  expect(mail?.text).toContain("Otago");
  expect(mail?.text).toContain("hello@patch.nz");
  expect(linkIn(mail!, "https://patch.test/waitlist/confirm?token=")).toBeTruthy();
  expect(linkIn(mail!, "https://patch.test/define-garden?t=")).toBeTruthy();
  expect(linkIn(mail!, "https://patch.test/unsubscribe?token=")).toBeTruthy();
  expect(mail?.headers["list-unsubscribe"]).toMatch(
    /^<https:\/\/patch\.test\/api\/unsubscribe\?token=/,
  );
  expect(mail?.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
});

test("invalid input gets the spec's messages and stores nothing", async () => {
  const bad = await joinWaitlist({ email: "not-an-email", region: "" }, ctx());
  expect(bad).toMatchObject({
    ok: false,
    code: "invalid",
    fieldErrors: {
      email: "Please enter a valid email address",
      region: "Please select your region in New Zealand",
    },
  });
  const atlantis = await joinWaitlist({ email: "a@b.nz", region: "Atlantis" }, ctx());
  expect(atlantis).toMatchObject({
    ok: false,
    fieldErrors: { region: "Please select your region in New Zealand" },
  });
  // Throwaway inboxes, and any subdomain of one.
  for (const email of ["x@mailinator.com", "x@inbox.mailinator.com"]) {
    const disposable = await joinWaitlist({ email, region: "Otago" }, ctx());
    expect(disposable).toMatchObject({
      ok: false,
      code: "invalid",
      fieldErrors: { email: MESSAGES.disposable },
    });
  }
  const rows = await db()
    .select()
    .from(contacts)
    .where(sql`${contacts.email} like '%mailinator%'`);
  expect(rows).toHaveLength(0);
});

test("a filled honeypot is quietly accepted like any join, and nothing is stored or sent", async () => {
  for (const website of ["http://spam.example", "x".repeat(5_000), 42]) {
    const bot = await joinWaitlist({ email: "bot@example.nz", region: "Otago", website }, ctx());
    expect(bot).toEqual({
      ok: true,
      emailSent: true,
      confirmationFailed: false,
      message: MESSAGES.joinedWithEmail,
      surveyUrl: "https://patch.test/define-garden",
    });
  }
  expect(await db().select().from(contacts).where(eq(contacts.email, "bot@example.nz"))).toEqual(
    [],
  );
  expect(
    await queue().findJobs(sendWaitlistConfirmationJob.name, { data: { email: "bot@example.nz" } }),
  ).toEqual([]);
  expect(env.smtp.messages.filter((m) => m.to === "bot@example.nz")).toEqual([]);
});

test("joining twice succeeds twice, leaves one row, keeps the first timestamp, sends one e-mail", async () => {
  const first = await joinWaitlist({ email: "twice@example.nz", region: "Nelson" }, ctx());
  const [original] = await db()
    .select()
    .from(contacts)
    .where(eq(contacts.email, "twice@example.nz"));
  await new Promise((r) => setTimeout(r, 20));
  const second = await joinWaitlist(
    { email: "TWICE@example.nz", region: "Tasman", plan: "1m2" },
    ctx(),
  );
  expect(first.ok && second.ok).toBe(true);
  if (!first.ok || !second.ok) return;
  // The second request didn't make the contact nor carry its id: it learns no id.
  expect(second.contactId).toBeUndefined();
  expect(second.message).toBe(MESSAGES.joinedWithEmail);
  const rows = await db().select().from(contacts).where(eq(contacts.email, "twice@example.nz"));
  expect(rows).toHaveLength(1);
  // Whoever types the address may not be its owner: the region stays (ADR 061).
  expect(rows[0]).toMatchObject({ region: "Nelson", plan: "1m2", address: { state: "Nelson" } });
  expect(rows[0]?.timestamp.getTime()).toBe(original?.timestamp.getTime());
  expect(rows[0]!.updatedAt.getTime()).toBeGreaterThan(original!.updatedAt.getTime());
  // Including the queued confirmation jobs, run now rather than a minute later.
  await drainQueue([sendWaitlistConfirmationJob]);
  expect(env.smtp.messages.filter((m) => m.to === "twice@example.nz")).toHaveLength(1);
  const consents = await db()
    .select()
    .from(contactConsents)
    .where(eq(contactConsents.contactId, first.contactId!));
  expect(consents).toHaveLength(2);
});

test("concurrent joins of one new address make one contact and all succeed", async () => {
  const results = await Promise.all(
    Array.from({ length: 8 }, () =>
      joinWaitlist({ email: "rush@example.nz", region: "Auckland" }, ctx()),
    ),
  );
  expect(results.every((r) => r.ok)).toBe(true);
  const rows = await db().select().from(contacts).where(eq(contacts.email, "rush@example.nz"));
  expect(rows).toHaveLength(1);
  expect(results.filter((r) => r.ok && r.contactId)).toHaveLength(1);
  const made = results.find((r) => r.ok && r.contactId);
  expect(made?.ok && made.contactId).toBe(rows[0]?.id);
});

test("joins arriving together share one transaction, and each gets its own contact, consent and job", async () => {
  const emails = Array.from({ length: 12 }, (_, i) => `together${i}@example.nz`);
  const results = await Promise.all(
    emails.map((email, i) =>
      joinWaitlist({ email, region: i % 2 ? "Otago" : "Northland", plan: "2m2" }, ctx()),
    ),
  );
  expect(results.every((r) => r.ok && r.contactId)).toBe(true);
  const ids = results.map((r) => (r.ok ? r.contactId : ""));
  expect(new Set(ids).size).toBe(12);
  for (const [i, email] of emails.entries()) {
    const [row] = await db().select().from(contacts).where(eq(contacts.email, email));
    expect(row).toMatchObject({
      id: ids[i],
      region: i % 2 ? "Otago" : "Northland",
      plan: "2m2",
      source: "waitlist_page",
      address: { state: i % 2 ? "Otago" : "Northland", country: "New Zealand" },
    });
    const consents = await db()
      .select()
      .from(contactConsents)
      .where(eq(contactConsents.contactId, ids[i]!));
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({ purpose: "waitlist_email", ip: expect.any(String) });
    // The queued confirmation exists beside the inline send, keyed to this contact.
    expect(
      await queue().findJobs(sendWaitlistConfirmationJob.name, { data: { contactId: ids[i] } }),
    ).toHaveLength(1);
  }
});

test("a retried submission with its browser-made id is the same contact; another address gets its own", async () => {
  const id = crypto.randomUUID();
  const a = await joinWaitlist({ id, email: "device@example.nz", region: "Gisborne" }, ctx());
  const b = await joinWaitlist({ id, email: "device@example.nz", region: "Gisborne" }, ctx());
  const other = await joinWaitlist({ id, email: "sibling@example.nz", region: "Gisborne" }, ctx());
  expect(a.ok && b.ok && other.ok).toBe(true);
  if (!a.ok || !b.ok || !other.ok) return;
  expect(a.contactId).toBe(id);
  // The retry made nothing, so it gets none of the contact's own (the device keeps its id).
  expect(b.contactId).toBeUndefined();
  expect(other.contactId).not.toBe(id);
  expect(other.contactId).toBeDefined();
  const [first] = await db().select().from(contacts).where(eq(contacts.id, id));
  expect(first?.email).toBe("device@example.nz");
});

test("a join answers the same whatever the address: new, unconfirmed, confirmed or unsubscribed; the e-mail tells the rest", async () => {
  const emails = ["fresh@example.nz", "waiting@example.nz", "sure@example.nz", "gone@example.nz"];
  for (const email of emails.slice(1))
    expect(await joinWaitlist({ email, region: "Southland" }, ctx())).toMatchObject({ ok: true });
  for (const email of emails.slice(1)) await env.smtp.waitForTo(email);
  const linkFor = (email: string, prefix: string) =>
    new URL(
      linkIn(
        env.smtp.messages.find((m) => m.to === email)!,
        prefix,
      ),
    ).searchParams.get("token");
  expect(
    await confirmContact(linkFor("sure@example.nz", "https://patch.test/waitlist/confirm?token=")),
  ).toMatchObject({ ok: true, state: "confirmed" });
  expect(
    await unsubscribeContact(linkFor("gone@example.nz", "https://patch.test/unsubscribe?token=")),
  ).toMatchObject({ ok: true });
  // Later than the 10 minutes in which a contact gets one e-mail at most.
  await db().execute(sql`delete from pgboss.job where name = ${sendWaitlistConfirmationJob.name}`);
  env.smtp.messages.length = 0;

  const answers = [];
  for (const email of emails)
    answers.push(await joinWaitlist({ email, region: "Southland" }, ctx()));
  // Only the request that made the contact gets its own things (id, signed survey link, share
  // code); everything else is one answer.
  const [fresh, ...known] = answers;
  expect(fresh).toMatchObject({ contactId: expect.any(String), referralCode: expect.any(String) });
  const {
    contactId: _id,
    referralCode: _code,
    surveyUrl: _survey,
    ...freshRest
  } = fresh as {
    contactId?: string;
    referralCode?: string;
    surveyUrl: string;
  };
  const plain = { ...freshRest, surveyUrl: "https://patch.test/define-garden" };
  expect(plain).toEqual({
    ok: true,
    emailSent: true,
    confirmationFailed: false,
    message: MESSAGES.joinedWithEmail,
    surveyUrl: "https://patch.test/define-garden",
  });
  for (const answer of known) expect(answer).toEqual(plain);

  // Each address got one e-mail: a confirmation, or for a confirmed contact, its links again.
  for (const email of emails) await env.smtp.waitForTo(email);
  const mails = env.smtp.messages;
  const to = (email: string) => mails.filter((m) => m.to === email);
  for (const email of emails) expect(to(email)).toHaveLength(1);
  expect(to("sure@example.nz")[0]?.subject).toBe("You're already on the Patch waitlist");
  expect(() =>
    linkIn(to("sure@example.nz")[0]!, "https://patch.test/waitlist/confirm?token="),
  ).toThrow();
  expect(linkIn(to("sure@example.nz")[0]!, "https://patch.test/waitlist/status?t=")).toBeTruthy();
  for (const email of ["fresh@example.nz", "waiting@example.nz", "gone@example.nz"])
    expect(to(email)[0]?.subject).toBe("Confirm you're on the Patch waitlist");
  expect(await confirmContact("forged.token")).toMatchObject({ ok: false, code: "not-found" });
});

test("an id and an address give a stranger nothing of the owner's, nor a move to another region's queue", async () => {
  const id = crypto.randomUUID();
  const owner = await joinWaitlist({ id, email: "owned@example.nz", region: "Otago" }, ctx());
  expect(owner).toMatchObject({ ok: true, contactId: id, referralCode: expect.any(String) });
  // The id is inside every link the owner was sent; with the address it is still a stranger.
  const stranger = await joinWaitlist(
    { id, email: "owned@example.nz", region: "Northland" },
    ctx(),
  );
  expect(stranger).toEqual({
    ok: true,
    emailSent: true,
    confirmationFailed: false,
    message: MESSAGES.joinedWithEmail,
    surveyUrl: "https://patch.test/define-garden",
  });
  const regionOf = async () =>
    (await db().select().from(contacts).where(eq(contacts.id, id)))[0]?.region;
  expect(await regionOf()).toBe("Otago");
  // The e-mail names the region the contact is in, not the one typed.
  await drainQueue([sendWaitlistConfirmationJob]);
  const mails = env.smtp.messages.filter((m) => m.to === "owned@example.nz");
  expect(mails.length).toBeGreaterThan(0);
  expect(mails.every((m) => m.text.includes("Otago") && !m.text.includes("Northland"))).toBe(true);
  // Signed in as the owner (their verified account's address), the move is theirs to make.
  const signedInElse = await joinWaitlist(
    { email: "owned@example.nz", region: "Northland" },
    { ...ctx(), memberEmail: "someone.else@example.nz" },
  );
  expect(signedInElse.ok).toBe(true);
  expect(await regionOf()).toBe("Otago");
  await joinWaitlist(
    { email: "owned@example.nz", region: "Northland" },
    { ...ctx(), memberEmail: "Owned@Example.NZ" },
  );
  expect(await regionOf()).toBe("Northland");
});

test("the join answers at once while the mail server fails; the queued job delivers it exactly once when it recovers", async () => {
  env.smtp.failing = true;
  const result = await joinWaitlist({ email: "later@example.nz", region: "Taranaki" }, ctx());
  // The person hears it is on its way: the send is the worker's, and it retries (ADR 066).
  expect(result).toMatchObject({
    ok: true,
    emailSent: true,
    confirmationFailed: false,
    message: MESSAGES.joinedWithEmail,
  });
  if (!result.ok) return;
  const [job] = await queue().findJobs<{
    key: string;
    contactId: string;
    email: string;
    region: string;
  }>("send-waitlist-confirmation", { data: { contactId: result.contactId } });
  expect(job).toBeDefined();
  const record = async () =>
    (
      await db().select().from(notifications).where(eq(notifications.idempotencyKey, job!.data.key))
    )[0];
  // The worker tried at once, and the refusal is on the send record.
  await expect.poll(async () => (await record())?.status, { timeout: 10_000 }).toBe("failed");
  env.smtp.failing = false;
  // The job's retry sends it; the handler run again (as after a crash) sends nothing more.
  await drainQueue([sendWaitlistConfirmationJob]);
  expect(await sendWaitlistConfirmation(job!.data)).toBe("already-sent");
  expect(env.smtp.messages.filter((m) => m.to === "later@example.nz")).toHaveLength(1);
  expect(await record()).toMatchObject({ status: "sent", attempts: 2 });
});

test("unsubscribing from the e-mail's link needs no sign-in and withdraws consent", async () => {
  const joined = await joinWaitlist({ email: "bye@example.nz", region: "Marlborough" }, ctx());
  const [mail] = await env.smtp.waitForTo("bye@example.nz");
  const token = new URL(linkIn(mail!, "https://patch.test/unsubscribe?token=")).searchParams.get(
    "token",
  );
  expect(await unsubscribeContact(token)).toEqual({ ok: true, email: "bye@example.nz" });
  if (!joined.ok) return;
  const [row] = await db().select().from(contacts).where(eq(contacts.id, joined.contactId!));
  expect(row?.unsubscribedAt).toBeInstanceOf(Date);
  const consents = await db()
    .select()
    .from(contactConsents)
    .where(eq(contactConsents.contactId, joined.contactId!));
  expect(consents.every((c) => c.withdrawnAt)).toBe(true);
  expect(await unsubscribeContact(`${token}x`)).toEqual({ ok: false });
  // A confirmation queued for an unsubscribed contact is not sent.
  expect(
    await sendWaitlistConfirmation({
      email: "bye@example.nz",
      region: "Marlborough",
      contactId: joined.contactId!,
      key: "k-bye",
    }),
  ).toBe("skipped");
});

test("the survey through the signed link is stored and recommends a plan", async () => {
  const joined = await joinWaitlist({ email: "survey@example.nz", region: "Wellington" }, ctx());
  if (!joined.ok) throw new Error("join failed");
  const token = new URL(joined.surveyUrl).searchParams.get("t");
  const result = await saveSurvey({
    token,
    kind: "Balcony or deck",
    sizeM2: "1.2",
    sunHours: "3 to 6 hours",
    experience: "Never grown food",
    timePerWeek: "30 minutes",
    interests: ["Herbs", "Salad greens"],
  });
  expect(result).toMatchObject({ ok: true, saved: true, recommendation: { plan: "0.5m2" } });
  const [row] = await db().select().from(contacts).where(eq(contacts.id, joined.contactId!));
  expect(row?.growingSpace).toEqual({
    kind: "Balcony or deck",
    sizeM2: 1.2,
    sunHours: "3 to 6 hours",
  });
  expect(row?.surveyData).toMatchObject({
    experience: "Never grown food",
    timePerWeek: "30 minutes",
    recommendedPlan: "0.5m2",
  });
  expect(row?.interests).toEqual(["Herbs", "Salad greens"]);
  const invalid = await saveSurvey({ token, kind: "Moon base", sizeM2: "-1" });
  expect(invalid.ok).toBe(false);
  const anonymous = await saveSurvey({
    kind: "Backyard bed",
    sizeM2: 4,
    sunHours: "More than 6 hours",
    experience: "Confident gardener",
    timePerWeek: "Two hours or more",
  });
  expect(anonymous).toMatchObject({ ok: true, saved: false, recommendation: { plan: "2m2" } });
});

test("the CRM webhook receives new contacts as signed JSON", async () => {
  const { url, received, close } = await startWebhookReceiver();
  const secret = "crm-secret-0123456789";
  const settings = testSettings({
    DATABASE_URL: env.database.url,
    SMTP_URL: env.smtp.url,
    SITE_URL: "https://patch.test",
    CRM_WEBHOOK_URL: url,
    CRM_WEBHOOK_SECRET: secret,
  });
  setSettings(settings);
  try {
    await startWorking([syncContactToCrmJob]);
    const joined = await joinWaitlist({ email: "crm@example.nz", region: "Northland" }, ctx());
    const until = Date.now() + 15_000;
    while (received.length === 0 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100));
    expect(received).toHaveLength(1);
    const hit = received[0]!;
    expect(hit.signature).toBe(signCrmBody(secret, hit.timestamp, hit.body));
    const payload = JSON.parse(hit.body);
    expect(payload).toMatchObject({
      event: "created",
      contact: { email: "crm@example.nz", region: "Northland" },
    });
    expect(joined.ok && payload.contact.id === joined.contactId).toBe(true);
  } finally {
    setSettings(env.database.settings);
    await close();
  }
});

/**
 * A connection's counter for this hour, set as if it had already sent `count` sign-ups. When fewer
 * than `needSeconds` of the hour are left it first waits for the next (the clock is the condition),
 * so the test's sign-ups all fall in the hour the counter is in.
 */
async function connectionHasSent(ip: string, count: number, needSeconds = 15) {
  while (rateWindow(JOIN_LIMIT.windowSeconds).retryAfter < needSeconds)
    await new Promise((r) => setTimeout(r, 1_000));
  const { windowStart } = rateWindow(JOIN_LIMIT.windowSeconds);
  await db()
    .insert(rateLimits)
    .values({ bucket: "waitlist-join", key: ip, windowStart, count })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.key, rateLimits.windowStart],
      set: { count },
    });
}

test(`${JOIN_LIMIT.free} people behind one shared address join in an hour with nothing asked; the next is asked for a quick check`, async () => {
  // A school, an office or a mobile network's carrier-grade NAT: one address, many people.
  const ip = "198.51.100.7";
  // 300 sign-ups take a while on a busy machine: start with two minutes of the hour to spare.
  await connectionHasSent(ip, 0, 120);
  const results = [];
  for (let start = 0; start < JOIN_LIMIT.free; start += 25) {
    results.push(
      ...(await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          joinWaitlist(
            { email: `school${start + i}@example.nz`, region: "Canterbury" },
            { ip, page: "/" },
          ),
        ),
      )),
    );
  }
  expect(JOIN_LIMIT.free).toBeGreaterThanOrEqual(200);
  expect(results[199]).toMatchObject({ ok: true, contactId: expect.any(String) });
  expect(results.filter((r) => r.ok && r.contactId)).toHaveLength(JOIN_LIMIT.free);

  const next = { email: "one.more@example.nz", region: "Canterbury" };
  const asked = await joinWaitlist(next, { ip, page: "/" });
  expect(asked).toMatchObject({
    ok: false,
    code: "limited",
    message: MESSAGES.checkNeeded,
    challenge: { bits: JOIN_LIMIT.workBits, token: expect.any(String) },
  });
  if (asked.ok || asked.code !== "limited" || !asked.challenge) return;
  expect(await db().select().from(contacts).where(eq(contacts.email, next.email))).toEqual([]);

  // The browser's work for this address lets it through; for another address, or for a challenge
  // given to another connection, it doesn't.
  const work = await solveJoinChallenge(asked.challenge, next.email);
  const elsewhere = await solveJoinChallenge(
    issueJoinChallenge("203.0.113.99", JOIN_LIMIT.workBits),
    next.email,
  );
  expect(
    await joinWaitlist({ ...next, email: "someone.else@example.nz", work }, { ip, page: "/" }),
  ).toMatchObject({ code: "limited", challenge: expect.anything() });
  expect(
    await joinWaitlist({ ...next, work: elsewhere ?? undefined }, { ip, page: "/" }),
  ).toMatchObject({ code: "limited", challenge: expect.anything() });
  expect(
    await joinWaitlist(
      { ...next, work: { token: asked.challenge.token, nonce: "0" } },
      { ip, page: "/" },
    ),
  ).toMatchObject({ code: "limited", challenge: expect.anything() });
  const joined = await joinWaitlist({ ...next, work }, { ip, page: "/" });
  expect(joined).toMatchObject({ ok: true, contactId: expect.any(String), emailSent: true });
  expect(await db().select().from(contacts).where(eq(contacts.email, next.email))).toHaveLength(1);

  // Each of them is stored; the connection's first confirmation e-mails an hour went out, one
  // each, and no more: one connection can't have us e-mail 300 strangers (ADR 065).
  await drainQueue([sendWaitlistConfirmationJob]);
  const school = env.smtp.messages.filter((m) => /^school\d+@/.test(m.to));
  expect(school).toHaveLength(CONFIRMATION_EMAIL_LIMIT.limit);
  expect(new Set(school.map((m) => m.to)).size).toBe(CONFIRMATION_EMAIL_LIMIT.limit);
}, 300_000);

test(`past ${JOIN_LIMIT.ceiling} an hour a connection is refused, work or not, until the hour ends`, async () => {
  const ip = "198.51.100.8";
  await connectionHasSent(ip, JOIN_LIMIT.ceiling - 1);
  const join = async (email: string, withWork: boolean) => {
    const first = await joinWaitlist({ email, region: "Otago" }, { ip, page: "/" });
    if (!withWork || first.ok || first.code !== "limited" || !first.challenge) return first;
    const work = await solveJoinChallenge(first.challenge, email);
    return joinWaitlist({ email, region: "Otago", work }, { ip, page: "/" });
  };
  // The asking counts too: the challenge is hit number ceiling, its answer number ceiling + 1.
  expect(await join("last.one@example.nz", false)).toMatchObject({
    code: "limited",
    challenge: expect.anything(),
  });
  const refused = await join("too.many@example.nz", true);
  expect(refused).toMatchObject({ ok: false, code: "limited", message: MESSAGES.rateLimited });
  expect(refused).not.toHaveProperty("challenge");
  if (!refused.ok && refused.code === "limited") {
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(JOIN_LIMIT.windowSeconds);
  }
  expect(
    await db().select().from(contacts).where(eq(contacts.email, "too.many@example.nz")),
  ).toEqual([]);
});

test("with work, the last sign-up under the ceiling joins", async () => {
  const ip = "198.51.100.10";
  await connectionHasSent(ip, JOIN_LIMIT.ceiling - 2);
  const email = "just.under@example.nz";
  const asked = await joinWaitlist({ email, region: "Otago" }, { ip, page: "/" });
  if (asked.ok || asked.code !== "limited" || !asked.challenge) throw new Error("no challenge");
  const work = await solveJoinChallenge(asked.challenge, email);
  expect(await joinWaitlist({ email, region: "Otago", work }, { ip, page: "/" })).toMatchObject({
    ok: true,
    contactId: expect.any(String),
  });
});

test("joins that arrive together from one address are counted one by one against its limit", async () => {
  const ip = "198.51.100.9";
  const known = await joinWaitlist(
    { email: "known@example.nz", region: "Tasman" },
    { ip, page: "/" },
  );
  expect(known.ok).toBe(true);
  // Nine free sign-ups left this hour (the known address's join above was one).
  await connectionHasSent(ip, JOIN_LIMIT.free - 9);
  // Gathered into one statement: the known address, eight new ones, then four past the free ones.
  const results = await Promise.all([
    joinWaitlist({ email: "known@example.nz", region: "Nelson" }, { ip, page: "/" }),
    ...Array.from({ length: 12 }, (_, i) =>
      joinWaitlist({ email: `oneip${i}@example.nz`, region: "Tasman" }, { ip, page: "/" }),
    ),
  ]);
  expect(results[0]).toMatchObject({ ok: true });
  expect(results[0]).not.toHaveProperty("contactId");
  expect(results.slice(1, 9).every((r) => r.ok && r.contactId)).toBe(true);
  for (const asked of results.slice(9))
    expect(asked).toMatchObject({ ok: false, code: "limited", message: MESSAGES.checkNeeded });
  const [row] = await db().select().from(contacts).where(eq(contacts.email, "known@example.nz"));
  expect(row?.region).toBe("Tasman");
  const made = await db().select({ email: contacts.email }).from(contacts);
  expect(
    made
      .filter((c) => c.email.startsWith("oneip"))
      .map((c) => c.email)
      .sort(),
  ).toEqual(Array.from({ length: 8 }, (_, i) => `oneip${i}@example.nz`).sort());
  // Each new contact has its consent and its first confirmation, sent and recorded.
  for (const r of results.slice(1, 9)) {
    if (!r.ok) continue;
    const consents = await db()
      .select()
      .from(contactConsents)
      .where(eq(contactConsents.contactId, r.contactId!));
    expect(consents).toHaveLength(1);
    // The record of the send follows the answer.
    await expect
      .poll(async () => {
        const [note] = await db()
          .select()
          .from(notifications)
          .where(eq(notifications.resourceId, r.contactId!));
        return note;
      })
      .toMatchObject({ status: "sent", template: "waitlist-confirmation", attempts: 1 });
  }
  const [counter] = await db()
    .select()
    .from(rateLimits)
    .where(and(eq(rateLimits.bucket, "waitlist-join"), eq(rateLimits.key, ip)));
  expect(counter?.count).toBe(JOIN_LIMIT.free - 9 + 13);
});

test("joins with browser-made ids arriving together keep their ids; one id sent twice at once is one contact", async () => {
  const ids = Array.from({ length: 6 }, () => crypto.randomUUID());
  const twice = crypto.randomUUID();
  const results = await Promise.all([
    ...ids.map((id, i) =>
      joinWaitlist({ id, email: `withid${i}@example.nz`, region: "Waikato" }, ctx()),
    ),
    joinWaitlist({ id: twice, email: "retried@example.nz", region: "Waikato" }, ctx()),
    joinWaitlist({ id: twice, email: "retried@example.nz", region: "Waikato" }, ctx()),
  ]);
  expect(results.every((r) => r.ok)).toBe(true);
  for (const [i, id] of ids.entries()) {
    expect(results[i]).toMatchObject({ ok: true, contactId: id });
    const [row] = await db().select().from(contacts).where(eq(contacts.id, id));
    expect(row?.email).toBe(`withid${i}@example.nz`);
  }
  const retried = results.slice(6);
  expect(retried.filter((r) => r.ok && r.contactId === twice)).toHaveLength(1);
  expect(retried.every((r) => r.ok)).toBe(true);
  expect(
    await db().select().from(contacts).where(eq(contacts.email, "retried@example.nz")),
  ).toHaveLength(1);
  await drainQueue([sendWaitlistConfirmationJob]);
  expect(env.smtp.messages.filter((m) => m.to === "retried@example.nz")).toHaveLength(1);
});

test("knowing an address gets neither its contact's id nor a signed survey link", async () => {
  const id = crypto.randomUUID();
  const owner = await joinWaitlist({ id, email: "mine@example.nz", region: "Otago" }, ctx());
  expect(owner).toMatchObject({ ok: true, contactId: id });
  if (!owner.ok) return;
  expect(new URL(owner.surveyUrl).searchParams.get("t")).toBeTruthy();
  const stranger = await joinWaitlist({ email: "mine@example.nz", region: "Otago" }, ctx());
  expect(stranger).toMatchObject({ ok: true });
  if (!stranger.ok) return;
  expect(stranger.contactId).toBeUndefined();
  expect(new URL(stranger.surveyUrl).searchParams.get("t")).toBeNull();
  const strangerWithOwnId = await joinWaitlist(
    { id: crypto.randomUUID(), email: "mine@example.nz", region: "Otago" },
    ctx(),
  );
  expect(strangerWithOwnId.ok && strangerWithOwnId.contactId).toBeUndefined();
  // Nor does the id (it is inside every link the owner was sent): only the request that made the
  // contact gets its own things.
  const again = await joinWaitlist({ id, email: "mine@example.nz", region: "Otago" }, ctx());
  expect(again.ok && again.contactId).toBeUndefined();
  expect(again.ok && new URL(again.surveyUrl).searchParams.get("t")).toBeNull();
});

test("joining again after unsubscribing sends a new confirmation but the unsubscribe stands until it is used", async () => {
  const id = crypto.randomUUID();
  await joinWaitlist({ id, email: "back@example.nz", region: "Canterbury" }, ctx());
  const [first] = await env.smtp.waitForTo("back@example.nz");
  const unsubscribe = new URL(
    linkIn(first!, "https://patch.test/unsubscribe?token="),
  ).searchParams.get("token");
  await unsubscribeContact(unsubscribe);
  const [gone] = await db().select().from(contacts).where(eq(contacts.id, id));
  expect(gone?.unsubscribedAt).toBeInstanceOf(Date);
  env.smtp.messages.length = 0;
  // Later than the 10 minutes in which a contact gets one confirmation e-mail at most.
  await db().execute(sql`delete from pgboss.job where data->>'contactId' = ${id}`);

  // Anyone can type the address: joining again doesn't lift the unsubscribe by itself.
  const rejoined = await joinWaitlist({ email: "back@example.nz", region: "Canterbury" }, ctx());
  expect(rejoined).toMatchObject({ ok: true, emailSent: true, message: MESSAGES.joinedWithEmail });
  const [still] = await db().select().from(contacts).where(eq(contacts.id, id));
  expect(still?.unsubscribedAt?.getTime()).toBe(gone?.unsubscribedAt?.getTime());
  const [second] = await env.smtp.waitForTo("back@example.nz");
  expect(linkIn(second!, "https://patch.test/waitlist/confirm?token=")).toBeTruthy();

  // The queued copy of that request still sends to a re-joined contact, unless the person
  // unsubscribes again after asking.
  const [job] = await queue()
    .findJobs<{ requestedAt?: number; key: string }>(sendWaitlistConfirmationJob.name, {
      data: { contactId: id },
    })
    .then((jobs) => jobs.filter((j) => j.data.requestedAt));
  expect(job?.data.requestedAt).toBeGreaterThan(gone!.unsubscribedAt!.getTime());
  const payload = { email: "back@example.nz", region: "Canterbury", contactId: id };
  expect(
    await sendWaitlistConfirmation({ ...payload, key: "k-back-1", requestedAt: Date.now() }),
  ).not.toBe("skipped");
  await new Promise((r) => setTimeout(r, 5));
  await unsubscribeContact(unsubscribe);
  const [again] = await db().select().from(contacts).where(eq(contacts.id, id));
  expect(again!.unsubscribedAt!.getTime()).toBeGreaterThan(still!.unsubscribedAt!.getTime());
  expect(
    await sendWaitlistConfirmation({
      ...payload,
      key: "k-back-2",
      requestedAt: job!.data.requestedAt,
    }),
  ).toBe("skipped");

  // The first e-mail's confirm link (issued before any unsubscribe) doesn't lift it; the link
  // from a re-join does.
  const linkFrom = (mail: (typeof env.smtp.messages)[number]) =>
    new URL(linkIn(mail, "https://patch.test/waitlist/confirm?token=")).searchParams.get("token");
  await confirmContact(linkFrom(first!));
  const [afterOld] = await db().select().from(contacts).where(eq(contacts.id, id));
  expect(afterOld?.unsubscribedAt).toBeInstanceOf(Date);
  env.smtp.messages.length = 0;
  await db().execute(sql`delete from pgboss.job where data->>'contactId' = ${id}`);
  await joinWaitlist({ email: "back@example.nz", region: "Canterbury" }, ctx());
  const [third] = await env.smtp.waitForTo("back@example.nz");
  expect(await confirmContact(linkFrom(third!))).toMatchObject({ ok: true, state: "confirmed" });
  const [back] = await db().select().from(contacts).where(eq(contacts.id, id));
  expect(back?.unsubscribedAt).toBeNull();
  expect(back?.confirmedAt).toBeInstanceOf(Date);
});
