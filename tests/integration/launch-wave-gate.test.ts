// A launch wave gates its region (ADR 060), through the real pages' loaders and actions and a real
// database: while a region is in waves only a member holding a claimed invitation (their verified
// account's address is the invited contact's) can subscribe there; a never-invited member is told
// so at /subscribe's loader and action and nothing is charged; the public waitlist keeps saying
// the region is coming; the admin's full opening opens it to everyone. A wave's spots hold while
// claims race the roll-over that hands expired spots on.
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { contacts, orders, subscriptions, waveInvitations } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { openRegionForSubscriptions } from "#app/flows/open-region.server.ts";
import { isRegionOpen } from "#app/modules/subscriptions/regions.server.ts";
import { sendSubscriptionConfirmationJob } from "#app/modules/subscriptions/send-subscription-confirmation.server.ts";
import { SUBSCRIBE_MESSAGES } from "#app/modules/subscriptions/subscribe.schema.ts";
import { claimWaveInvitation } from "#app/modules/waitlist/claim-wave-invitation.server.ts";
import {
  launchFanOutJob,
  sendLaunchEmailJob,
} from "#app/modules/waitlist/notify-region-launch.server.ts";
import { rollOverWaves } from "#app/modules/waitlist/roll-over-waves.server.ts";
import { startLaunchWave } from "#app/modules/waitlist/start-launch-wave.server.ts";
import { sendWaveInvitationJob } from "#app/modules/waitlist/wave-invitations.server.ts";
import * as waitlistRoute from "#app/routes/waitlist.tsx";
import { testCard } from "#tests/factories/cards.ts";
import { insertContact } from "#tests/factories/contacts.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { linkIn } from "#tests/setup/smtp.ts";
import { testServices } from "#tests/setup/test-services.ts";
import {
  load,
  SITE,
  signedInMember,
  submit,
  subscribeFields,
} from "#tests/setup/subscribe-route.ts";

const jobs = [
  sendWaveInvitationJob,
  sendSubscriptionConfirmationJob,
  sendLaunchEmailJob,
  launchFanOutJob,
];
const env = testServices({ smtp: true, queues: jobs as never, emptyBeforeEach: true });

const card = testCard("success", new Date());
const formFields = (idempotencyKey: string, region = "Otago") => ({
  ...subscribeFields(idempotencyKey, region),
  cardNumber: card.number,
  cardExpiry: card.expiry,
  cardCvc: card.cvc,
});
const member = (email: string) => signedInMember(email);

const subscriptionsOf = (userId: string) =>
  db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));

async function claimLinkOf(email: string) {
  await drainQueue(jobs);
  const invite = env.smtp.messages.find((m) => m.to === email && /spot/i.test(m.subject));
  return new URL(linkIn(invite!, `${SITE}/waitlist/claim`)).searchParams.get("token");
}

test("a 1-spot wave: the never-invited are refused at /subscribe, the invited member who claimed subscribes, the waitlist still says coming", async () => {
  await insertContact("first@example.nz", "Otago", { confirmed: true });
  await insertContact("second@example.nz", "Otago", { confirmed: true });
  expect(
    await startLaunchWave({ input: { region: "Otago", spots: 1 }, createdBy: "ops" }),
  ).toMatchObject({ ok: true, invited: 1 });
  expect(await isRegionOpen("Otago")).toBe(false);

  // Someone who never joined, and the second in the queue (not invited yet): both refused.
  for (const email of ["stranger@example.nz", "second@example.nz"]) {
    const { cookie, userId } = await member(email);
    const page = await load(cookie, "?plan=1m2&region=Otago");
    if (page instanceof Response) throw new Error(`loader answered ${page.status}`);
    expect(page.openRegions).not.toContain("Otago");
    expect(page.regionNotes).toMatchObject({
      Otago: SUBSCRIBE_MESSAGES.regionByInvitation("Otago"),
    });
    const sent = await submit(cookie, formFields(page.idempotencyKey));
    expect(sent.answer?.init?.status).toBe(409);
    expect(sent.answer?.data).toMatchObject({
      outcome: { message: SUBSCRIBE_MESSAGES.regionByInvitation("Otago") },
    });
    expect(await subscriptionsOf(userId)).toEqual([]);
    expect(await ordersOf(userId)).toEqual([]);
  }

  // The invited one, before claiming: refused too; after claiming, subscribed.
  const { cookie, userId } = await member("first@example.nz");
  const before = await load(cookie, "?plan=1m2&region=Otago");
  if (before instanceof Response) throw new Error("loader redirected");
  expect(before.openRegions).not.toContain("Otago");
  expect(await claimWaveInvitation({ token: await claimLinkOf("first@example.nz") })).toMatchObject(
    { state: "claimed" },
  );
  const page = await load(cookie, "?plan=1m2&region=Otago");
  if (page instanceof Response) throw new Error("loader redirected");
  expect(page.openRegions).toContain("Otago");
  expect(page.address.region).toBe("Otago");
  const sent = await submit(cookie, formFields(page.idempotencyKey));
  expect(sent.response?.status).toBe(302);
  expect(await subscriptionsOf(userId)).toMatchObject([{ region: "Otago", status: "active" }]);

  // The public waitlist still says Otago is coming, not that boxes go there.
  const waitlist = await waitlistRoute.loader({
    request: new Request(`${SITE}/waitlist`),
    params: {},
    context: undefined,
  } as never);
  expect(waitlist.openRegions).not.toContain("Otago");

  // The admin opens Otago fully: now anyone may subscribe there.
  expect(await openRegionForSubscriptions("Otago", "ops@example.com")).toMatchObject({ ok: true });
  const stranger = await member("late@example.nz");
  const open = await load(stranger.cookie, "?plan=1m2&region=Otago");
  if (open instanceof Response) throw new Error("loader redirected");
  expect(open.openRegions).toContain("Otago");
  expect((await submit(stranger.cookie, formFields(open.idempotencyKey))).response?.status).toBe(
    302,
  );
});

test("a wave's spots hold while claims race the roll-over: never more claimed or open than spots", async () => {
  const HOUR = 3_600_000;
  for (let i = 0; i < 6; i++)
    await insertContact(`q${i}@example.nz`, "Nelson", { confirmed: true });
  const started = new Date("2026-11-26T00:00:00Z");
  await startLaunchWave({ input: { region: "Nelson", spots: 2 }, createdBy: "ops", now: started });
  const [wave] = await db().select().from(waveInvitations).limit(1);
  const expiry = wave!.expiresAt.getTime();
  const tokens = await Promise.all(["q0@example.nz", "q1@example.nz"].map(claimLinkOf));
  // At the moment the spots run out: both claims and three roll-overs at once.
  await Promise.all([
    ...tokens.map((token) => claimWaveInvitation({ token, now: new Date(expiry - 1) })),
    ...[1, 2, 3].map(() => rollOverWaves({ now: new Date(expiry + HOUR) })),
  ]);
  const held = await db().execute(
    sql`select count(*)::int as n from ${waveInvitations}
        where region = 'Nelson' and expired_at is null`,
  );
  expect((held as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
  const claimed = await db()
    .select({ email: contacts.email })
    .from(waveInvitations)
    .innerJoin(contacts, eq(contacts.id, waveInvitations.contactId))
    .where(sql`${waveInvitations.claimedAt} is not null`);
  expect(claimed.length).toBeLessThanOrEqual(2);
});
