// The admin's changes for a member on the phone (issue 40), as /admin/subscriptions/{id} posts
// them: plan (with the swaps' confirmation), address, week, a swap and a goodwill credit. Each goes
// through the member's own use-case for that subscription: one history row naming the admin, the
// member's change e-mail read from the in-process SMTP server, a replay of the same request key
// acting once, and bad input refused with a 400 and words.
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { creditEntries } from "#db/schema/index.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { db } from "#app/lib/db.server.ts";
import { statusOf } from "#app/lib/outcome.ts";
import { boxItemInSeason } from "#app/modules/garden/box-item-season.server.ts";
import { CREDIT_MESSAGES } from "#app/modules/credits/credits.schema.ts";
import { BOX_MESSAGES } from "#app/modules/subscriptions/boxes.schema.ts";
import { adminChangeRequest } from "#app/modules/subscriptions/admin-change-request.server.ts";
import type { AdminChangeIntent } from "#app/modules/subscriptions/admin-subscriptions.schema.ts";
import { MANAGE_MESSAGES } from "#app/modules/subscriptions/manage.schema.ts";
import { openRegion } from "#app/modules/subscriptions/regions.server.ts";
import { sendSubscriptionChangeJob } from "#app/modules/subscriptions/send-subscription-change.server.ts";
import { boxOn, eventsOf, rowOf } from "#tests/factories/subscription-reads.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { adminChangeOptions, makeAdminChange } from "./admin-changes.server.ts";

const jobs = [sendSubscriptionChangeJob];
const env = testServices({ smtp: true, queues: jobs as never });

beforeAll(async () => {
  await seedDemoData(db(), env.database.settings);
});

// 25 November 2026 in Auckland: the week-2 box of 8 January 2027 can change until 3 January.
const NOW = new Date("2026-11-25T02:00:00Z");
const ADMIN = "ops@example.com";
const ADMIN_ID = "admin-ops";
const key = () => crypto.randomUUID();

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** The change as the admin's page posts it, for the subscription `id`. */
async function post(id: string, intent: AdminChangeIntent, fields: Record<string, string>) {
  const who = await adminChangeRequest({ subscriptionId: id, adminEmail: ADMIN });
  if (!who) throw new Error("expected the subscription");
  return makeAdminChange(
    intent,
    formOf({ intent, ...fields }),
    { ...who, subscriptionId: id, adminId: ADMIN_ID, now: NOW },
    boxItemInSeason,
  );
}

async function mailTo(id: string) {
  await drainQueue(jobs);
  const { email } = await rowOf(id);
  return env.smtp.messages.filter((m) => m.to === email);
}

/** The history rows of this type, each with who made it. */
const madeBy = async (id: string, type: string) =>
  (await eventsOf(id)).filter((e) => e.type === type).map((e) => e.actor);

test("an admin changes the plan: the admin in the history, the member's plan e-mail, once per key", async () => {
  const { id } = await insertSubscription({ plan: "1m2" });
  const requestKey = key();
  const first = await post(id, "plan", { requestKey, plan: "2m2" });
  expect(first.confirmPlan).toBeUndefined();
  expect(first).toMatchObject({ ok: true, changed: true });
  expect(first.message).toContain("Your plan changes to 2m²");
  // The same post again (a double press, a retry): the same answer, nothing more written or sent.
  expect(await post(id, "plan", { requestKey, plan: "2m2" })).toMatchObject({
    ok: true,
    changed: false,
    message: first.message,
  });
  expect(await rowOf(id)).toMatchObject({ plan: "2m2", price: 6999 });
  expect(await madeBy(id, "plan_changed")).toEqual([`admin:${ADMIN}`]);
  expect((await mailTo(id)).map((m) => m.subject)).toEqual(["Your plan has changed | Patch"]);

  const bad = await post(id, "plan", { requestKey: key(), plan: "9m2" });
  expect(bad).toMatchObject({ ok: false, message: MANAGE_MESSAGES.plan });
  expect(statusOf(bad)).toBe(400);
});

test("a plan change touching the member's swap asks first, naming it; confirmed, it is made", async () => {
  const { id } = await insertSubscription({ plan: "1m2" });
  const options = await adminChangeOptions(await rowOf(id), {
    now: NOW,
    inSeason: boxItemInSeason,
  });
  const item = options.swapBox!.items.find((i) => i.options.length > 0)!;
  const swap = await post(id, "swap", {
    requestKey: key(),
    itemId: item.itemId,
    replacementId: item.options[0]!.id,
  });
  expect(swap.ok).toBe(true);

  const asked = await post(id, "plan", { requestKey: key(), plan: "0.5m2" });
  expect(asked.ok).toBe(true);
  expect(asked.confirmPlan).toMatchObject({ plan: "0.5m2", size: "0.5m²" });
  const words = `${item.options[0]!.name} (instead of ${item.name})`;
  expect([...asked.confirmPlan!.kept, ...asked.confirmPlan!.dropped]).toEqual([words]);
  expect((await rowOf(id)).plan).toBe("1m2");

  const confirmed = await post(id, "plan", {
    requestKey: key(),
    plan: "0.5m2",
    confirm: "yes",
    confirmDrops: asked.confirmPlan!.confirmDrops,
  });
  expect(confirmed).toMatchObject({ ok: true, changed: true });
  expect(await madeBy(id, "plan_changed")).toEqual([`admin:${ADMIN}`]);
  expect((await rowOf(id)).plan).toBe("0.5m2");
});

test("an admin changes the address: field errors for a bad postcode, then the member's e-mail, once", async () => {
  const { id } = await insertSubscription();
  await openRegion("Wellington", "test", NOW);
  const address = {
    street: "3 Cuba Street",
    suburb: "Te Aro",
    city: "Wellington",
    region: "Wellington",
    postcode: "6011",
  };
  const bad = await post(id, "address", { requestKey: key(), ...address, postcode: "60" });
  expect(bad).toMatchObject({ ok: false, fieldErrors: { postcode: expect.any(String) } });
  expect(statusOf(bad)).toBe(400);
  expect(bad.message).toMatch(/\w/);

  const requestKey = key();
  for (let i = 0; i < 2; i++)
    expect(await post(id, "address", { requestKey, ...address })).toMatchObject({
      ok: true,
      changed: i === 0,
      message: "Your boxes now go to 3 Cuba Street, Te Aro, Wellington, Wellington 6011.",
    });
  expect(await rowOf(id)).toMatchObject({ region: "Wellington", address: { zip: "6011" } });
  expect(await madeBy(id, "address_changed")).toEqual([`admin:${ADMIN}`]);
  expect((await mailTo(id)).map((m) => m.subject)).toEqual([
    "Your delivery address has changed | Patch",
  ]);
});

test("an admin changes the week: the page offers each week's first box, which the change says", async () => {
  const { id } = await insertSubscription({ week: 2 });
  const options = await adminChangeOptions(await rowOf(id), {
    now: NOW,
    inSeason: boxItemInSeason,
  });
  const week4 = options.weeks.find((w) => w.week === 4)!;
  expect(week4).toMatchObject({ current: false, firstBox: "Friday 22 January 2027" });
  expect(options.weeks.find((w) => w.current)?.week).toBe(2);

  const requestKey = key();
  const changed = await post(id, "week", { requestKey, deliveryWeek: "4" });
  expect(changed).toMatchObject({ ok: true, changed: true });
  expect(changed.message).toContain(`starting with the box of the week starting ${week4.firstBox}`);
  expect(await post(id, "week", { requestKey, deliveryWeek: "4" })).toMatchObject({
    ok: true,
    changed: false,
  });
  expect(await madeBy(id, "week_changed")).toEqual([`admin:${ADMIN}`]);
  expect((await mailTo(id)).map((m) => m.subject)).toEqual([
    "Your delivery week has changed | Patch",
  ]);

  const bad = await post(id, "week", { requestKey: key(), deliveryWeek: "7" });
  expect(bad).toMatchObject({ ok: false, message: MANAGE_MESSAGES.deliveryWeek });
  expect(statusOf(bad)).toBe(400);
});

test("an admin swaps an item: the member's swap e-mail; the same key again acts once, even after a change back", async () => {
  const { id } = await insertSubscription();
  const options = await adminChangeOptions(await rowOf(id), {
    now: NOW,
    inSeason: boxItemInSeason,
  });
  expect(options.swapBox).toMatchObject({ box: "Friday 8 January 2027", month: "January" });
  const item = options.swapBox!.items.find((i) => i.options.length > 0)!;
  const coming = item.options[0]!;
  const requestKey = key();
  const fields = { requestKey, itemId: item.itemId, replacementId: coming.id };
  const swapped = await post(id, "swap", fields);
  expect(swapped).toMatchObject({
    ok: true,
    message: BOX_MESSAGES.swapped(item.name, coming.name),
  });
  // Swapped back (a second call); the first post sent again with its key changes nothing.
  const back = await post(id, "swap", {
    requestKey: key(),
    itemId: coming.id,
    replacementId: item.itemId,
  });
  expect(back.ok).toBe(true);
  expect(await post(id, "swap", fields)).toMatchObject({
    ok: true,
    message: BOX_MESSAGES.swapped(item.name, coming.name),
  });
  const items = (await boxOn(id, "2027-01-08"))!.items.map((i) => i.itemId);
  expect(items).toContain(item.itemId);
  expect(items).not.toContain(coming.id);
  expect(await madeBy(id, "box_item_swapped")).toEqual([`admin:${ADMIN}`, `admin:${ADMIN}`]);
  const mail = await mailTo(id);
  expect(mail.map((m) => m.subject)).toEqual([
    "An item in your box is swapped | Patch",
    "An item in your box is swapped | Patch",
  ]);
  expect(mail.some((m) => m.text.includes(`We've swapped ${item.name} for ${coming.name}`))).toBe(
    true,
  );

  const bad = await post(id, "swap", { requestKey: key(), itemId: item.itemId, replacementId: "" });
  expect(bad).toMatchObject({ ok: false, message: BOX_MESSAGES.chooseReplacement });
  expect(statusOf(bad)).toBe(400);
});

test("an admin grants a goodwill credit: one ledger row, the admin in the history, an e-mail with the amount and reason", async () => {
  const { id, userId } = await insertSubscription();
  const requestKey = key();
  const fields = { requestKey, amount: "12.50", reason: "Basil arrived wilted" };
  const [a, b] = await Promise.all([post(id, "credit", fields), post(id, "credit", fields)]);
  const words =
    "We've added US$12.50 of credit to your account: Basil arrived wilted. It's used on your next box before your card is charged.";
  for (const made of [a, b]) expect(made).toMatchObject({ ok: true, message: words });
  expect([a, b].filter((m) => m.ok && "changed" in m && m.changed)).toHaveLength(1);

  const rows = await db().select().from(creditEntries).where(eq(creditEntries.userId, userId));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    amount: 1250,
    kind: "goodwill",
    note: "Basil arrived wilted",
    createdBy: ADMIN_ID,
  });
  expect(await madeBy(id, "credit_granted")).toEqual([`admin:${ADMIN}`]);
  const mail = await mailTo(id);
  expect(mail.map((m) => m.subject)).toEqual(["Credit added to your account | Patch"]);
  expect(mail[0]!.text).toContain("US$12.50");
  expect(mail[0]!.text).toContain("Basil arrived wilted");

  for (const [amount, reason, message, field] of [
    ["lots", "Late box", CREDIT_MESSAGES.amount, "amount"],
    ["600", "Late box", CREDIT_MESSAGES.tooLarge, "amount"],
    ["5", "", CREDIT_MESSAGES.reason, "reason"],
  ] as const) {
    const bad = await post(id, "credit", { requestKey: key(), amount, reason });
    expect(bad).toMatchObject({ ok: false, message, fieldErrors: { [field]: message } });
    expect(statusOf(bad)).toBe(400);
  }
  expect(
    await db().select().from(creditEntries).where(eq(creditEntries.userId, userId)),
  ).toHaveLength(1);
});
