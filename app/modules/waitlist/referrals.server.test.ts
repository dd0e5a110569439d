// Referrals (issue 22, ADR 037): a join through /r/{code} records who referred; the friend's first
// confirmation counts it once, or refuses it with a reason (self, disposable, farm).
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { contacts, referrals } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { UNUSABLE_TEXT } from "#app/lib/zod.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { confirmUrl, statusUrl } from "./contact-links.server.ts";
import { getReferralStatus, queuePlace, referralCreditFor } from "./get-referral-status.server.ts";
import { confirmContact } from "./confirm-contact.server.ts";
import { joinWaitlist } from "./join-waitlist.server.ts";
import { recordReferral } from "./record-referral.server.ts";
import { newReferralCode, readReferralCode, REFERRAL_CODE } from "./referral-code.server.ts";
import { referralCodeFrom, referralCookie } from "./referral-cookie.server.ts";
import { normaliseAddress } from "./same-person.ts";
import { listCountedReferrals, topReferrers, voidReferral } from "./void-referral.server.ts";
import { sendWaitlistConfirmationJob } from "./send-waitlist-confirmation.server.ts";
import { sendRegionMoveJob } from "./move-region.server.ts";

testServices({ smtp: true, queues: [sendWaitlistConfirmationJob, sendRegionMoveJob] as never });

let n = 0;
const ip = () => `198.51.100.${++n % 250}`;
const tokenOf = (id: string) => new URL(confirmUrl(id)).searchParams.get("token");

async function join(email: string, referralCode?: string | null, from = ip(), region = "Otago") {
  const result = await joinWaitlist(
    { email, region },
    { ip: from, userAgent: "vitest", page: "/waitlist", referralCode },
  );
  if (!result.ok || !result.contactId) throw new Error(`join failed: ${JSON.stringify(result)}`);
  return { id: result.contactId, code: result.referralCode! };
}

/** Joining again with a known address: no contact id comes back (whoever types it may not be them). */
async function rejoin(email: string, referralCode: string) {
  const result = await joinWaitlist(
    { email, region: "Otago" },
    { ip: ip(), userAgent: "vitest", page: "/waitlist", referralCode },
  );
  expect(result.ok).toBe(true);
}

const referralOf = async (friendId: string) =>
  (await db().select().from(referrals).where(eq(referrals.friendId, friendId)))[0];

test("codes are 8 base32 characters from crypto random, no e-mail in them; the cookie carries one", () => {
  const codes = new Set(Array.from({ length: 1000 }, newReferralCode));
  expect(codes.size).toBe(1000);
  for (const c of codes) expect(c).toMatch(REFERRAL_CODE);
  expect(readReferralCode(" AB12CD34 ")).toBe("ab12cd34");
  expect(readReferralCode("kiri@x.nz")).toBeNull();
  const cookie = referralCookie("ab12cd34")!;
  expect(cookie).toContain("HttpOnly");
  expect(cookie).toContain("SameSite=Lax");
  expect(cookie).toContain(`Max-Age=${30 * 86_400}`);
  expect(referralCodeFrom(`a=1; ${cookie.split(";")[0]}`)).toBe("ab12cd34");
  expect(referralCookie("nope")).toBeNull();
});

test("addresses normalise: lower-case, plus-tags dropped, dots dropped for Gmail only", () => {
  expect(normaliseAddress("Kiri.Smith+patch@GoogleMail.com")).toBe("kirismith@gmail.com");
  expect(normaliseAddress("kiri.smith+x@example.nz")).toBe("kiri.smith@example.nz");
});

test("every contact gets a code; a friend through it is pending, then counted once on confirming", async () => {
  const referrer = await join("aroha@example.nz");
  expect(referrer.code).toMatch(REFERRAL_CODE);
  const friend = await join("mere@example.nz", referrer.code);
  expect(await referralOf(friend.id)).toMatchObject({
    referrerId: referrer.id,
    status: "pending",
  });
  const confirmed = await confirmContact(tokenOf(friend.id));
  expect(confirmed).toMatchObject({ ok: true, state: "confirmed" });
  expect(confirmed.ok && confirmed.shareUrl).toMatch(/\/r\/[0-9a-z]{8}$/);
  expect(await referralOf(friend.id)).toMatchObject({ status: "counted", reason: null });
  // Replays: confirming again, joining again through another link, changes nothing.
  await confirmContact(tokenOf(friend.id));
  const other = await join("tane@example.nz");
  await rejoin("mere@example.nz", other.code);
  expect(await referralOf(friend.id)).toMatchObject({
    referrerId: referrer.id,
    status: "counted",
  });
  const all = await db().select().from(referrals).where(eq(referrals.referrerId, referrer.id));
  expect(all).toHaveLength(1);
});

test("the credit earned follows the milestones (3 friends US$5, 10 more US$15) and names the next", () => {
  expect(referralCreditFor(0)).toEqual({ earned: 0, next: { friends: 3, amount: 500 } });
  expect(referralCreditFor(2)).toEqual({ earned: 0, next: { friends: 3, amount: 500 } });
  expect(referralCreditFor(3)).toEqual({ earned: 500, next: { friends: 10, amount: 1500 } });
  expect(referralCreditFor(9)).toEqual({ earned: 500, next: { friends: 10, amount: 1500 } });
  expect(referralCreditFor(10)).toEqual({ earned: 2000, next: null });
  expect(referralCreditFor(250)).toEqual({ earned: 2000, next: null });
});

test("only the first link counts for a friend, and an unknown code records nothing", async () => {
  const first = await join("first-ref@example.nz");
  const second = await join("second-ref@example.nz");
  const friend = await join("twice@example.nz", first.code);
  await rejoin("twice@example.nz", second.code);
  expect((await referralOf(friend.id))?.referrerId).toBe(first.id);
  const lost = await join("lost@example.nz", "zzzzzzzz");
  expect(await referralOf(lost.id)).toBeUndefined();
});

test("an unconfirmed friend doesn't count; concurrent confirms count once", async () => {
  const referrer = await join("busy@example.nz");
  const friend = await join("slow@example.nz", referrer.code);
  expect((await referralOf(friend.id))?.status).toBe("pending");
  await Promise.all(Array.from({ length: 8 }, () => confirmContact(tokenOf(friend.id))));
  expect((await referralOf(friend.id))?.status).toBe("counted");
});

test("the same person under another spelling is refused as self", async () => {
  const referrer = await join("kiri.smith@gmail.com");
  const alias = await join("KiriSmith+friend@googlemail.com", referrer.code);
  await confirmContact(tokenOf(alias.id));
  expect(await referralOf(alias.id)).toMatchObject({ status: "refused", reason: "self" });
});

test("a disposable friend is refused (joined before the list knew the domain)", async () => {
  const referrer = await join("real@example.nz");
  const id = crypto.randomUUID();
  await db().insert(contacts).values({ id, email: "x@mailinator.com", region: "Otago" });
  expect(await recordReferral(id, referrer.code, "192.0.2.1")).toEqual({ recorded: true });
  await confirmContact(tokenOf(id));
  expect(await referralOf(id)).toMatchObject({ status: "refused", reason: "disposable" });
});

test("a farm: past REFERRAL_FARM_MAX (5) joins through one link from one IP in the window, refused", async () => {
  const referrer = await join("farmer@example.nz");
  const friends = [];
  for (let i = 0; i < 8; i++)
    friends.push(await join(`sheep${i}@example.nz`, referrer.code, "192.0.2.77"));
  // Another connection isn't part of the farm.
  const honest = await join("neighbour@example.nz", referrer.code, "192.0.2.78");
  // Confirmed in reverse: the earliest five stand whatever the order.
  for (const f of [...friends, honest].reverse()) await confirmContact(tokenOf(f.id));
  const decided = await Promise.all(friends.map((f) => referralOf(f.id)));
  expect(decided.map((r) => r?.status)).toEqual([
    ...Array(5).fill("counted"),
    ...Array(3).fill("refused"),
  ]);
  expect(decided.slice(5).every((r) => r?.reason === "farm")).toBe(true);
  expect((await referralOf(honest.id))?.status).toBe("counted");
});

test("position: each counted friend moves the referrer up REFERRAL_PLACES (10) places in their region's queue", async () => {
  const region = "Tasman";
  const joinIn = async (email: string, code?: string) => {
    const result = await joinWaitlist(
      { email, region },
      { ip: ip(), userAgent: "vitest", page: "/waitlist", referralCode: code },
    );
    if (!result.ok || !result.contactId) throw new Error("join failed");
    await confirmContact(tokenOf(result.contactId));
    return { id: result.contactId, code: result.referralCode! };
  };
  const early = [];
  for (let i = 0; i < 25; i++) early.push(await joinIn(`tasman${i}@example.nz`));
  const late = early[24]!;
  expect(await queuePlace(region, late.id)).toEqual({ place: 25, length: 25 });
  // A friend elsewhere in the queue (joins at the back) moves the referrer up 10.
  await joinIn("tasman-friend1@example.nz", late.code);
  expect(await queuePlace(region, late.id)).toEqual({ place: 15, length: 26 });
  await joinIn("tasman-friend2@example.nz", late.code);
  expect(await queuePlace(region, late.id)).toEqual({ place: 5, length: 27 });
  // A friend who joined but hasn't confirmed moves nothing.
  await joinWaitlist(
    { email: "tasman-slow@example.nz", region },
    { ip: ip(), userAgent: "vitest", page: "/waitlist", referralCode: late.code },
  );
  expect((await queuePlace(region, late.id)).place).toBe(5);
  const status = await getReferralStatus(new URL(statusUrl(late.id)).searchParams.get("t"));
  expect(status).toMatchObject({
    place: 5,
    queueLength: 27,
    friends: 2,
    pendingFriends: 1,
    progress: { open: false, confirmed: 27, target: 200, percent: 13 },
  });
  expect(status?.shareUrl).toBe(`https://patch.test/r/${late.code}`);
  expect(await getReferralStatus("forged")).toBeNull();
});

test("voiding a counted referral (fraud) takes its places back, with a reason, once", async () => {
  const referrer = await join("voided@example.nz");
  const friend = await join("fake-friend@example.nz", referrer.code);
  await confirmContact(tokenOf(friend.id));
  await confirmContact(tokenOf(referrer.id));
  const row = (await referralOf(friend.id))!;
  expect(row.status).toBe("counted");
  expect(await topReferrers()).toContainEqual(
    expect.objectContaining({ id: referrer.id, region: "Otago", friends: 1 }),
  );
  expect(await listCountedReferrals()).toContainEqual(
    expect.objectContaining({
      id: row.id,
      referrer: "voided@example.nz",
      friend: "fake-friend@example.nz",
    }),
  );
  expect(await voidReferral({ referralId: row.id, reason: "" }, "admin@example.com")).toMatchObject(
    {
      ok: false,
      code: "invalid",
    },
  );
  // A control code in the reason is refused in words, not stored (PostgreSQL can't keep a NUL).
  expect(
    await voidReferral({ referralId: row.id, reason: "farm\u0000ed" }, "admin@example.com"),
  ).toMatchObject({ ok: false, code: "invalid", fieldErrors: { reason: UNUSABLE_TEXT } });
  expect(
    await voidReferral({ referralId: row.id, reason: "same household farm" }, "admin@example.com"),
  ).toEqual({ ok: true });
  expect(await referralOf(friend.id)).toMatchObject({
    status: "void",
    reason: "same household farm",
    voidedBy: "admin@example.com",
  });
  expect(
    await voidReferral({ referralId: row.id, reason: "again please" }, "admin@example.com"),
  ).toMatchObject({ ok: false, code: "not-found" });
  expect((await topReferrers()).some((r) => r.id === referrer.id)).toBe(false);
  expect((await listCountedReferrals()).some((r) => r.id === row.id)).toBe(false);
  const status = await getReferralStatus(new URL(statusUrl(referrer.id)).searchParams.get("t"));
  expect(status?.friends).toBe(0);
});

test("a join through a link saves the contact and its referral together, or neither (ADR 049)", async () => {
  const referrer = await join("kaka.referrer@example.nz");
  await confirmContact(tokenOf(referrer.id));
  // The referral's write fails (here: the database refuses it): the join fails whole, and no
  // contact is left behind without the referral it came with.
  await db().execute(sql`
    create or replace function refuse_referral() returns trigger language plpgsql as
      $$ begin raise exception 'referrals refused'; end $$`);
  await db().execute(sql`
    create trigger refuse_referral before insert on referrals
      for each row execute function refuse_referral()`);
  try {
    for (const email of ["kaka.friend@example.nz", "kaka.friend@example.nz"])
      await expect(join(email, referrer.code)).rejects.toThrow();
    expect(
      await db().select().from(contacts).where(eq(contacts.email, "kaka.friend@example.nz")),
    ).toEqual([]);
    // A known, unconfirmed address joining again through the link: the merge fails whole too.
    const known = "kaka.known@example.nz";
    await join(known);
    const [before] = await db().select().from(contacts).where(eq(contacts.email, known));
    // A re-join records no referral (only a new contact has one), so the refusing trigger
    // doesn't touch it.
    await joinWaitlist(
      { email: known, region: "Nelson" },
      { ip: ip(), userAgent: "vitest", page: "/waitlist", referralCode: referrer.code },
    );
    const [after] = await db().select().from(contacts).where(eq(contacts.email, known));
    expect(after!.timestamp).toEqual(before!.timestamp);
  } finally {
    await db().execute(sql`drop trigger refuse_referral on referrals`);
  }
  // Tried again once the database takes it: the contact and its referral, once.
  const friend = await join("kaka.friend@example.nz", referrer.code);
  expect(await referralOf(friend.id)).toMatchObject({ referrerId: referrer.id, status: "pending" });
  await rejoin("kaka.known@example.nz", referrer.code);
  const [known] = await db()
    .select()
    .from(contacts)
    .where(eq(contacts.email, "kaka.known@example.nz"));
  expect(await referralOf(known!.id)).toBeUndefined();
});

test("a re-join through someone's link doesn't make the known, unconfirmed contact their friend", async () => {
  const taker = await join("taker@example.nz", undefined, ip(), "Marlborough");
  // Someone joins on their own and hasn't confirmed yet; another types their address with a
  // share link's cookie.
  const person = await join("own.signup@example.nz", undefined, ip(), "Marlborough");
  await rejoin("own.signup@example.nz", taker.code);
  expect(await referralOf(person.id)).toBeUndefined();
  // The person's own confirmation then counts for no one.
  await confirmContact(tokenOf(person.id));
  const counted = await db().select().from(referrals).where(eq(referrals.referrerId, taker.id));
  expect(counted).toEqual([]);
});

test("one inbox is one friend: each spelling of an address already counted for the referrer is refused", async () => {
  const referrer = await join("host.one@example.nz", undefined, ip(), "Marlborough");
  const first = await join("kiri.tane@gmail.com", referrer.code, ip(), "Marlborough");
  await confirmContact(tokenOf(first.id));
  expect(await referralOf(first.id)).toMatchObject({ status: "counted" });
  for (const spelling of [
    "kiritane@gmail.com",
    "Kiri.Tane+patch@gmail.com",
    "k.i.r.i.tane@googlemail.com",
    "KIRITANE+x@GoogleMail.com",
  ]) {
    const again = await join(spelling, referrer.code, ip(), "Marlborough");
    await confirmContact(tokenOf(again.id));
    expect(await referralOf(again.id)).toMatchObject({ status: "refused", reason: "duplicate" });
  }
  // Outside Gmail a dot is part of the address: another person; a plus-tag is still the same.
  const other = await join("mere.ana@example.nz", referrer.code, ip(), "Marlborough");
  const dotted = await join("mereana@example.nz", referrer.code, ip(), "Marlborough");
  const tagged = await join("Mere.Ana+2@Example.NZ", referrer.code, ip(), "Marlborough");
  for (const f of [other, dotted, tagged]) await confirmContact(tokenOf(f.id));
  expect((await referralOf(other.id))?.status).toBe("counted");
  expect((await referralOf(dotted.id))?.status).toBe("counted");
  expect(await referralOf(tagged.id)).toMatchObject({ status: "refused", reason: "duplicate" });
  // Another referrer's friend under the same inbox is theirs to count.
  const elsewhere = await join("host.two@example.nz", undefined, ip(), "Marlborough");
  const theirs = await join("kiri.tane+two@gmail.com", elsewhere.code, ip(), "Marlborough");
  await confirmContact(tokenOf(theirs.id));
  expect((await referralOf(theirs.id))?.status).toBe("counted");
});

test("a farm from one IPv6 /64 is one connection: every address in it counts toward REFERRAL_FARM_MAX", async () => {
  const referrer = await join("v6.farmer@example.nz", undefined, ip(), "Marlborough");
  const friends = [];
  for (let i = 0; i < 8; i++)
    friends.push(
      await join(`lamb${i}@example.nz`, referrer.code, `2001:db8:77:1::${i + 1}`, "Marlborough"),
    );
  // The next /64 over is another connection.
  const neighbour = await join(
    "v6.neighbour@example.nz",
    referrer.code,
    "2001:db8:77:2::1",
    "Marlborough",
  );
  for (const f of [...friends, neighbour]) await confirmContact(tokenOf(f.id));
  const decided = await Promise.all(friends.map((f) => referralOf(f.id)));
  expect(decided.map((r) => r?.status)).toEqual([
    ...Array(5).fill("counted"),
    ...Array(3).fill("refused"),
  ]);
  expect(decided.slice(5).every((r) => r?.reason === "farm")).toBe(true);
  expect((await referralOf(neighbour.id))?.status).toBe("counted");
  // What is kept is the network, not the address.
  expect(decided[0]?.ip).toBe("2001:0db8:0077:0001::/64");
});

test("two spellings of one inbox confirming at once count once", async () => {
  const referrer = await join("host.three@example.nz", undefined, ip(), "Marlborough");
  const a = await join("wiremu.p@gmail.com", referrer.code, ip(), "Marlborough");
  const b = await join("wiremup+again@googlemail.com", referrer.code, ip(), "Marlborough");
  await Promise.all([a, b].map((f) => confirmContact(tokenOf(f.id))));
  const statuses = await Promise.all([a, b].map(async (f) => (await referralOf(f.id))?.status));
  expect(statuses.sort()).toEqual(["counted", "refused"]);
});
