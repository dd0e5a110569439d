// Referral milestones in the credits ledger (ADR 040): a referrer whose verified account has the
// contact's address earns each milestone's credit once as friends are counted (replays and
// concurrent confirms included); voiding a referral that drops them below a milestone takes its
// credit back, as much as is left, never below zero; a referrer without an account gets nothing.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { creditEntries, referrals, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { addCreditEntry } from "#app/modules/credits/credit-ledger.server.ts";
import { getCreditBalance } from "#app/modules/credits/get-credit-balance.server.ts";
import { insertMember } from "#tests/factories/members.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { carryContactCredit } from "./carry-contact-credit.server.ts";
import { confirmContact } from "./confirm-contact.server.ts";
import { confirmUrl } from "./contact-links.server.ts";
import { joinWaitlist } from "./join-waitlist.server.ts";
import { sendWaitlistConfirmationJob } from "./send-waitlist-confirmation.server.ts";
import { voidReferral } from "./void-referral.server.ts";
import { sendRegionMoveJob } from "./move-region.server.ts";

testServices({
  queues: [sendWaitlistConfirmationJob, sendRegionMoveJob] as never,
  settings: { REFERRAL_CREDIT_MILESTONES: "2:500,3:1000" },
});

let n = 0;
const ip = () => `198.51.100.${++n % 250}`;
const tokenOf = (id: string) => new URL(confirmUrl(id)).searchParams.get("token");

async function join(email: string, referralCode?: string) {
  const result = await joinWaitlist(
    { email, region: "Otago" },
    { ip: ip(), userAgent: "vitest", page: "/waitlist", referralCode },
  );
  if (!result.ok || !result.contactId) throw new Error(`join failed: ${JSON.stringify(result)}`);
  return { id: result.contactId, code: result.referralCode! };
}

async function friendsOf(code: string, names: string[]) {
  const made = [];
  for (const name of names) made.push(await join(`${name}@example.nz`, code));
  return made;
}
const rowsOf = (userId: string) =>
  db().select().from(creditEntries).where(eq(creditEntries.userId, userId));
const balanceOf = async (userId: string) => {
  const b = await getCreditBalance({ userId });
  return b.ok ? b.balance : NaN;
};
async function voidFor(friendId: string) {
  const [r] = await db().select().from(referrals).where(eq(referrals.friendId, friendId));
  expect(
    await voidReferral({ referralId: r!.id, reason: "Fake friend" }, "ops@example.com"),
  ).toEqual({
    ok: true,
  });
}

test("milestones are credited once each as friends count, and taken back when a void drops below", async () => {
  const referrer = await join("aroha.credit@example.nz");
  const userId = await insertMember({ email: "Aroha.Credit@example.nz" });
  const [a, b, c] = await friendsOf(referrer.code, ["ka", "kb", "kc"]);
  await confirmContact(tokenOf(a!.id));
  expect(await rowsOf(userId)).toEqual([]);
  // The second and third friends confirm at once, each twice: 2 friends and 3 friends, once each.
  await Promise.all([b, c, b, c].map((f) => confirmContact(tokenOf(f!.id))));
  const rows = await rowsOf(userId);
  expect(rows.map((r) => [r.kind, r.amount, r.createdBy]).sort()).toEqual([
    ["referral_milestone", 1000, null],
    ["referral_milestone", 500, null],
  ]);
  expect(rows.map((r) => r.requestKey).sort()).toEqual([
    `referral:${referrer.id}:2:1`,
    `referral:${referrer.id}:3:1`,
  ]);
  expect(await balanceOf(userId)).toBe(1500);

  // The member spends US$3 of it on a box; a void drops them to 2 friends: the 3-friend credit
  // (US$10) comes back in full.
  await db().transaction((tx) =>
    addCreditEntry(tx, { userId, amount: -300, kind: "applied_to_box", requestKey: "box-1" }),
  );
  await voidFor(c!.id);
  expect(await balanceOf(userId)).toBe(200);
  // Another void: below 2 friends, but only US$2 is left to take back.
  await voidFor(b!.id);
  expect(await balanceOf(userId)).toBe(0);
  const back = (await rowsOf(userId)).filter((r) => r.kind === "taken_back");
  expect(back.map((r) => [r.requestKey, r.amount]).sort()).toEqual([
    [`referral:${referrer.id}:2:1:back`, -200],
    [`referral:${referrer.id}:3:1:back`, -1000],
  ]);

  // Counted back up to 2 friends: the milestone is earned a second time, once.
  const [d] = await friendsOf(referrer.code, ["kd"]);
  await confirmContact(tokenOf(d!.id));
  await confirmContact(tokenOf(d!.id));
  expect(await balanceOf(userId)).toBe(500);
  expect((await rowsOf(userId)).map((r) => r.requestKey)).toContain(`referral:${referrer.id}:2:2`);
});

test("a referrer without a verified account matching the address gets nothing recorded", async () => {
  const stranger = await join("no.account@example.nz");
  const unverified = await join("unverified@example.nz");
  const userId = await insertMember({ email: "unverified@example.nz", emailVerified: false });
  for (const referrer of [stranger, unverified]) {
    const friends = await friendsOf(
      referrer.code,
      [0, 1, 2].map((i) => `f${i}.${referrer.id}`),
    );
    for (const f of friends) await confirmContact(tokenOf(f.id));
  }
  expect(await rowsOf(userId)).toEqual([]);
  const keys = (await db().select().from(creditEntries)).map((r) => r.requestKey);
  expect(keys.filter((k) => k.includes(stranger.id) || k.includes(unverified.id))).toEqual([]);
});

test("a milestone stays granted to the contact when the account goes: a new account with the address gets nothing again", async () => {
  const referrer = await join("once.ever@example.nz");
  const first = await insertMember({ email: "once.ever@example.nz" });
  const friends = await friendsOf(referrer.code, ["oa", "ob", "oc"]);
  for (const f of friends) await confirmContact(tokenOf(f.id));
  expect(await balanceOf(first)).toBe(1500);

  // The account is deleted (its ledger rows go with it) and the address signs up again.
  await db().delete(users).where(eq(users.id, first));
  expect(await rowsOf(first)).toEqual([]);
  const second = await insertMember({ email: "once.ever@example.nz" });
  // Both ways a settle runs: reaching /subscribe, and another friend counted.
  expect(await carryContactCredit({ id: second, email: "once.ever@example.nz" })).toBe(0);
  const [d] = await friendsOf(referrer.code, ["od"]);
  await confirmContact(tokenOf(d!.id));
  expect(await rowsOf(second)).toEqual([]);
  expect(await balanceOf(second)).toBe(0);
});
