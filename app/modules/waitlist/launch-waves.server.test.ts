// Launch waves (issue 22, ADR 041) on a real database: a wave invites exactly N people in queue
// order and e-mails each once; expired spots pass to the next people once however often the
// roll-over runs; a claim is recorded once and an expired or unknown link is refused.
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { contacts, referrals, waveInvitations } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { signToken } from "#app/lib/signed-token.server.ts";
import { isRegionOpen, listWaveRegions } from "#app/modules/subscriptions/regions.server.ts";
import * as claimRoute from "#app/routes/waitlist-claim.tsx";
import { insertContact } from "#tests/factories/contacts.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { linkIn } from "#tests/setup/smtp.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { claimWaveInvitation, readWaveInvitation } from "./claim-wave-invitation.server.ts";
import { listLaunchWaves } from "./list-launch-waves.server.ts";
import { rollOverWaves } from "./roll-over-waves.server.ts";
import { startLaunchWave } from "./start-launch-wave.server.ts";
import { sendWaveInvitationJob } from "./wave-invitations.server.ts";

const jobs = [sendWaveInvitationJob];
const HOUR = 3_600_000;

const env = testServices({
  smtp: true,
  queues: jobs as never,
  emptyBeforeEach: true,
  settings: { WAVE_CLAIM_HOURS: "72" },
});

/** Confirmed contacts in `region`, joined a minute apart in the order given. */
async function queueOf(region: string, names: string[]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const start = Date.parse("2026-09-01T00:00:00Z");
  for (const [i, name] of names.entries()) {
    const id = await insertContact(`${name}@example.nz`, region, { confirmed: true });
    await db()
      .update(contacts)
      .set({ timestamp: new Date(start + i * 60_000) })
      .where(eq(contacts.id, id));
    ids[name] = id;
  }
  return ids;
}

async function invitedEmails(): Promise<string[]> {
  const rows = await db()
    .select({ email: contacts.email, sentAt: waveInvitations.sentAt })
    .from(waveInvitations)
    .innerJoin(contacts, eq(contacts.id, waveInvitations.contactId))
    .orderBy(waveInvitations.sentAt, contacts.email);
  return rows.map((r) => r.email);
}

const start = (region: string, spots: number | string, now: Date) =>
  startLaunchWave({ input: { region, spots }, createdBy: "admin@example.com", now });

test("a wave invites exactly N people in queue order, referrals first, and e-mails each once", async () => {
  const ids = await queueOf("Otago", ["ana", "ben", "cat", "dan", "eve"]);
  await insertContact("unconfirmed@example.nz", "Otago");
  await insertContact("gone@example.nz", "Otago", { confirmed: true, unsubscribed: true });
  await insertContact("south@example.nz", "Southland", { confirmed: true });
  // Eve's counted friend (in another region) moves her up REFERRAL_PLACES (10) places: first.
  const friend = await insertContact("friend@example.nz", "Southland", { confirmed: true });
  await db()
    .insert(referrals)
    .values({ referrerId: ids.eve!, friendId: friend, status: "counted" });

  const now = new Date("2026-11-26T00:00:00Z");
  expect(await start("Otago", 3, now)).toMatchObject({ ok: true, invited: 3 });
  // In waves, not open: only the invited who claim may subscribe there until an admin opens it.
  expect(await isRegionOpen("Otago")).toBe(false);
  expect(await listWaveRegions()).toEqual(["Otago"]);
  expect(await invitedEmails()).toEqual(["ana@example.nz", "ben@example.nz", "eve@example.nz"]);

  await drainQueue(jobs);
  expect(env.smtp.messages.map((m) => m.to).sort()).toEqual([
    "ana@example.nz",
    "ben@example.nz",
    "eve@example.nz",
  ]);
  const mail = env.smtp.messages[0]!;
  expect(mail.subject).toBe("Your spot is ready: Patch is starting in Otago");
  expect(linkIn(mail, "https://patch.test/waitlist/claim?token=")).toBeTruthy();

  // A retried send job (as after a crash) sends nothing more.
  const [first] = await db().select().from(waveInvitations).limit(1);
  await sendWaveInvitationJob.handle({ invitationId: first!.id }, { jobId: "x", attempt: 2 });
  await drainQueue(jobs);
  expect(env.smtp.messages).toHaveLength(3);

  // The next wave starts after them: the two left, never anyone twice.
  const nextDay = new Date(now.getTime() + 24 * HOUR);
  expect(await start("Otago", 5, nextDay)).toMatchObject({ ok: true, invited: 2 });
  await drainQueue(jobs);
  expect(env.smtp.messages).toHaveLength(5);
  expect(new Set(env.smtp.messages.map((m) => m.to)).size).toBe(5);
  // Nobody left: no wave.
  expect(await start("Otago", 5, nextDay)).toMatchObject({
    ok: true,
    waveId: null,
    invited: 0,
  });

  const waves = await listLaunchWaves();
  expect(waves.map((w) => [w.region, w.spots, w.sent, w.claimed, w.expired])).toEqual([
    ["Otago", 5, 2, 0, 0],
    ["Otago", 3, 3, 0, 0],
  ]);
});

test("two waves started at once never invite the same person twice", async () => {
  await queueOf("Northland", ["ana", "ben", "cat", "dan", "eve"]);
  const now = new Date();
  const [a, b] = await Promise.all([start("Northland", 3, now), start("Northland", 3, now)]);
  expect([a, b].map((r) => (r.ok ? r.invited : -1)).sort()).toEqual([2, 3]);
  const invited = await invitedEmails();
  expect(invited).toHaveLength(5);
  expect(new Set(invited).size).toBe(5);
});

test("a wave refuses a region that isn't one and spots that aren't a whole number", async () => {
  const now = new Date();
  expect(await start("Atlantis", 3, now)).toMatchObject({ ok: false, code: "invalid" });
  expect(await start("Otago", "0", now)).toMatchObject({ ok: false, code: "invalid" });
  expect(await start("Otago", "2.5", now)).toMatchObject({ ok: false, code: "invalid" });
  expect(await listLaunchWaves()).toEqual([]);
});

test("expired spots go to the next people once, however often the roll-over runs", async () => {
  await queueOf("Nelson", ["ana", "ben", "cat", "dan", "eve"]);
  const now = new Date("2026-11-26T00:00:00Z");
  await start("Nelson", 2, now);
  await drainQueue(jobs);
  const claimAna = linkIn(
    env.smtp.messages.find((m) => m.to === "ana@example.nz")!,
    "https://patch.test/waitlist/claim?token=",
  );
  const anaToken = new URL(claimAna).searchParams.get("token");
  expect(
    await claimWaveInvitation({ token: anaToken, now: new Date(now.getTime() + HOUR) }),
  ).toMatchObject({ state: "claimed" });

  // Before the 72 hours nothing expires.
  expect(await rollOverWaves({ now: new Date(now.getTime() + 71 * HOUR) })).toEqual({
    expired: 0,
    invited: 0,
  });
  const later = new Date(now.getTime() + 73 * HOUR);
  // Two runs at once, and a third after: Ben's spot goes to Cat alone.
  const runs = await Promise.all([rollOverWaves({ now: later }), rollOverWaves({ now: later })]);
  expect(runs.reduce((n, r) => n + r.expired, 0)).toBe(1);
  expect(runs.reduce((n, r) => n + r.invited, 0)).toBe(1);
  expect(await rollOverWaves({ now: later })).toEqual({ expired: 0, invited: 0 });
  await drainQueue(jobs);
  expect(env.smtp.messages.map((m) => m.to).sort()).toEqual([
    "ana@example.nz",
    "ben@example.nz",
    "cat@example.nz",
  ]);
  const [cat] = await db()
    .select()
    .from(waveInvitations)
    .innerJoin(contacts, eq(contacts.id, waveInvitations.contactId))
    .where(eq(contacts.email, "cat@example.nz"));
  expect(cat!.wave_invitations.expiresAt).toEqual(new Date(later.getTime() + 72 * HOUR));
  expect(cat!.wave_invitations.replacesId).not.toBeNull();

  // Cat's spot expires too, and goes to Dan, once.
  const muchLater = new Date(later.getTime() + 80 * HOUR);
  expect(await rollOverWaves({ now: muchLater })).toEqual({ expired: 1, invited: 1 });
  expect(await rollOverWaves({ now: muchLater })).toEqual({ expired: 0, invited: 0 });
  const [wave] = await listLaunchWaves();
  expect(wave).toMatchObject({ region: "Nelson", spots: 2, sent: 4, claimed: 1, expired: 2 });
  const open = await db().execute(
    sql`select count(*)::int as n from wave_invitations where claimed_at is null and expired_at is null`,
  );
  expect((open as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
});

test("a claim is recorded once and leads to /subscribe; an expired or unknown link is refused", async () => {
  await queueOf("Tasman", ["ana", "ben"]);
  await db().update(contacts).set({ plan: "1m2" }).where(eq(contacts.email, "ana@example.nz"));
  const now = new Date();
  await start("Tasman", 2, now);
  await drainQueue(jobs);
  const tokenFor = (to: string) =>
    new URL(
      linkIn(
        env.smtp.messages.find((m) => m.to === to)!,
        "https://patch.test/waitlist/claim?token=",
      ),
    ).searchParams.get("token")!;
  const ana = tokenFor("ana@example.nz");

  // Opening the link only shows the page: nothing is claimed by a visit.
  expect(await readWaveInvitation({ token: ana })).toMatchObject({
    state: "open",
    region: "Tasman",
    email: "ana@example.nz",
  });
  const post = () => {
    const body = new FormData();
    body.set("token", ana);
    return claimRoute.action({
      request: new Request("https://patch.test/waitlist/claim", { method: "POST", body }),
      params: {},
      context: {},
    } as never);
  };
  const answer = await post().catch((thrown: unknown) => thrown);
  expect(answer).toBeInstanceOf(Response);
  expect((answer as Response).headers.get("location")).toBe("/subscribe?plan=1m2&region=Tasman");
  const [claimed] = await db()
    .select({ claimedAt: waveInvitations.claimedAt })
    .from(waveInvitations)
    .where(sql`claimed_at is not null`);
  // A second press goes on again and records nothing new.
  const again = await post().catch((thrown: unknown) => thrown);
  expect((again as Response).headers.get("location")).toBe("/subscribe?plan=1m2&region=Tasman");
  const after = await db()
    .select({ claimedAt: waveInvitations.claimedAt })
    .from(waveInvitations)
    .where(sql`claimed_at is not null`);
  expect(after).toEqual([claimed]);

  // Ben's link past its time is refused, whether or not the roll-over has run yet.
  const ben = tokenFor("ben@example.nz");
  const late = new Date(now.getTime() + 73 * HOUR);
  expect(await claimWaveInvitation({ token: ben, now: late })).toEqual({
    state: "expired",
    region: "Tasman",
  });
  await rollOverWaves({ now: late });
  expect(await claimWaveInvitation({ token: ben, now: late })).toEqual({
    state: "expired",
    region: "Tasman",
  });
  const [wave] = await listLaunchWaves();
  expect(wave).toMatchObject({ sent: 2, claimed: 1, expired: 1 });

  // Unknown: not signed by us, another link's token, or an invitation that doesn't exist.
  for (const token of [
    "not-a-token",
    signToken("status", (await db().select().from(contacts).limit(1))[0]!.id),
    signToken("wave-claim", "00000000-0000-4000-8000-000000000000"),
    null,
  ])
    expect(await claimWaveInvitation({ token })).toEqual({ state: "unknown" });
});
