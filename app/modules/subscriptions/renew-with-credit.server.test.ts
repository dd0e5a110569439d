// Credit at renewal (ADR 040): before the card is charged for a box, the member's credit pays what
// it can, as one 'applied_to_box' row keyed by the box; the card pays the rest, and a box credit
// pays in full is still a paid renewal (box and order, no card charge). A re-run applies nothing
// twice; a skipped box uses no credit.
import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { boxes, creditEntries, orders, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { addCreditEntry } from "#app/modules/credits/credit-ledger.server.ts";
import { SMALLEST_CARD_CHARGE } from "#app/modules/credits/credit-use.ts";
import { getCreditBalance } from "#app/modules/credits/get-credit-balance.server.ts";
import { chargeLedger } from "#tests/factories/charge-ledger.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { getSubscriptionOverview } from "./get-subscription-overview.server.ts";
import { skipBox } from "./next-box.server.ts";
import { chargeKey, creditReference, runRenewals } from "./renewal/index.ts";
import { sendBoxEmailJob } from "./send-box-email.server.ts";

const env = testServices({ queues: [sendBoxEmailJob] as never, emptyBeforeEach: true });

// A week-2 subscription (1m², US$39.99): its January box, 8 January 2027, is charged at 3 January.
const CUTOFF = new Date("2027-01-03T00:00:00Z");

beforeEach(async () => {
  await seedDemoData(db(), env.database.settings);
});

async function give(userId: string, amount: number) {
  await db().transaction((tx) =>
    addCreditEntry(tx, {
      userId,
      amount,
      kind: "goodwill",
      note: "test",
      requestKey: crypto.randomUUID(),
      now: new Date("2026-12-01T00:00:00Z"),
    }),
  );
}
const balanceOf = async (userId: string) => {
  const b = await getCreditBalance({ userId });
  return b.ok ? b.balance : NaN;
};
const debitsOf = (userId: string) =>
  db().select().from(creditEntries).where(eq(creditEntries.userId, userId));

test("credit pays part of a box: the card is charged the rest, one debit keyed by the box", async () => {
  const { id, userId } = await insertSubscription();
  await give(userId, 1500);
  const ledger = chargeLedger();
  expect(await runRenewals({ now: CUTOFF, provider: ledger })).toMatchObject({ charged: 1 });
  expect(await runRenewals({ now: CUTOFF, provider: ledger })).toMatchObject({ charged: 0 });

  const key = chargeKey(id, "2027-01-08", 1);
  expect(ledger.byKey.get(key)!.charge.amount).toBe(3999 - 1500);
  expect(ledger.paid()).toHaveLength(1);
  const applied = (await debitsOf(userId)).filter((r) => r.kind === "applied_to_box");
  expect(applied).toEqual([
    expect.objectContaining({ amount: -1500, requestKey: key, createdBy: null }),
  ]);
  expect(await balanceOf(userId)).toBe(0);
  const [order] = await db().select().from(orders).where(eq(orders.userId, userId));
  expect(order).toMatchObject({ kind: "subscription box", status: "paid", total: 3999 });
  const overview = await getSubscriptionOverview(userId, { currency: "USD" });
  expect(overview.subscription?.history.map((h) => h.text)).toContain(
    "Paid US$39.99 for the box of the week starting Friday 8 January 2027: US$15.00 from your credit and US$24.99 by card.",
  );
});

test("credit that would leave the card under 50 cents leaves it 50: the rest of the credit is kept", async () => {
  const { id, userId } = await insertSubscription();
  // US$39.70 of credit on a US$39.99 box would ask the card for 29 cents, which Stripe refuses.
  await give(userId, 3970);
  const ledger = chargeLedger();
  expect(await runRenewals({ now: CUTOFF, provider: ledger })).toMatchObject({
    charged: 1,
    failed: 0,
  });
  const key = chargeKey(id, "2027-01-08", 1);
  expect(ledger.byKey.get(key)!.charge.amount).toBe(SMALLEST_CARD_CHARGE);
  const applied = (await debitsOf(userId)).filter((r) => r.kind === "applied_to_box");
  expect(applied).toEqual([expect.objectContaining({ amount: -(3999 - SMALLEST_CARD_CHARGE) })]);
  // 3970 − 3949: 21 cents stay for the next box.
  expect(await balanceOf(userId)).toBe(21);
});

test("credit pays a whole box: paid renewal, box and order made, no card charge, the rest kept", async () => {
  const { id, userId } = await insertSubscription({ card: "declinesLater" });
  await give(userId, 5000);
  const ledger = chargeLedger();
  expect(await runRenewals({ now: CUTOFF, provider: ledger })).toMatchObject({
    charged: 1,
    failed: 0,
  });
  expect(ledger.requests).toBe(0);
  const [box] = await db().select().from(boxes).where(eq(boxes.subscriptionId, id));
  expect(box).toMatchObject({
    status: "charged",
    chargeReference: creditReference(id, "2027-01-08"),
  });
  expect(box!.orderId).toBeTruthy();
  const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, id));
  expect(sub).toMatchObject({ status: "active", nextBoxOn: "2027-01-08" });
  expect(await balanceOf(userId)).toBe(5000 - 3999);

  // The next month: US$10.01 left pays part, and the card (which declines) is asked for the rest.
  expect(
    await runRenewals({ now: new Date("2027-02-03T00:00:00Z"), provider: ledger }),
  ).toMatchObject({ charged: 0, failed: 1 });
  expect(ledger.byKey.get(chargeKey(id, "2027-02-08", 1))!.charge.amount).toBe(3999 - 1001);
  // A declined box keeps the credit for its retry: nothing is taken until the box is paid.
  expect(await balanceOf(userId)).toBe(1001);
});

test("a skipped box uses no credit", async () => {
  const { id, userId } = await insertSubscription();
  await give(userId, 500);
  expect(
    (await skipBox({ subscriptionId: id }, { now: new Date("2026-12-20T00:00:00Z") })).ok,
  ).toBe(true);
  expect(await runRenewals({ now: CUTOFF, provider: chargeLedger() })).toMatchObject({
    skipped: 1,
    charged: 0,
  });
  expect(await balanceOf(userId)).toBe(500);
});
