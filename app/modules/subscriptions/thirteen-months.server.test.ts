// Issue 21's proof: scripted customers driven through 13 months by a controllable clock, one
// renewal run a day, every charge, box and e-mail checked against the expected table.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { boxes, orders, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { chargeLedger } from "#tests/factories/charge-ledger.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { skipBox } from "./next-box.server.ts";
import { retryNow, runRenewals } from "./renewal/index.ts";
import { sendBoxEmailJob } from "./send-box-email.server.ts";

const jobs = [sendBoxEmailJob];
const env = testServices({ smtp: true, queues: jobs as never });

const months = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = new Date(`${from}-08T00:00:00Z`); d <= new Date(`${to}-08T00:00:00Z`);) {
    out.push(d.toISOString().slice(0, 10));
    d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 8));
  }
  return out;
};

test(
  "13 months of scripted customers: every charge, box and e-mail as expected",
  { timeout: 600_000 },
  async () => {
    await seedDemoData(db(), env.database.settings);
    const ledger = chargeLedger();
    const who = {
      steady: await insertSubscription(),
      skipper: await insertSubscription(),
      pauser: await insertSubscription(),
      newCard: await insertSubscription({ card: "declinesLater" }),
      leaver: await insertSubscription(),
    };
    const setStatus = (id: string, status: "paused" | "active" | "cancelled") =>
      db().update(subscriptions).set({ status }).where(eq(subscriptions.id, id));

    // The script: on these New Zealand days, these people do this.
    const script: Record<string, () => Promise<unknown>> = {
      "2027-02-10": () =>
        skipBox({ subscriptionId: who.skipper.id, deliverOn: "2027-03-08" }, { now: day }),
      "2027-03-20": () => setStatus(who.pauser.id, "paused"),
      "2027-06-20": () => setStatus(who.pauser.id, "active"),
      "2027-01-07": async () => {
        await db()
          .update(subscriptions)
          .set({ providerPaymentMethodId: "demo_pm_success" })
          .where(eq(subscriptions.id, who.newCard.id));
        return retryNow(who.newCard.id, { now: day, provider: ledger });
      },
      "2027-05-10": () => setStatus(who.leaver.id, "cancelled"),
    };

    let day = new Date("2027-01-01T00:00:00Z");
    const end = new Date("2028-01-10T00:00:00Z");
    while (day <= end) {
      const action = script[day.toISOString().slice(0, 10)];
      if (action) await action();
      await runRenewals({ now: day, provider: ledger });
      day = new Date(day.getTime() + 86_400_000);
    }

    const expected = {
      steady: months("2027-01", "2028-01"),
      skipper: months("2027-01", "2028-01").filter((m) => m !== "2027-03-08"),
      pauser: [...months("2027-01", "2027-03"), ...months("2027-07", "2028-01")],
      newCard: months("2027-01", "2028-01"),
      leaver: months("2027-01", "2027-05"),
    };
    for (const [name, { id, userId }] of Object.entries(who)) {
      const want = expected[name as keyof typeof expected];
      const charged = ledger
        .paid()
        .filter((e) => e.charge.idempotencyKey.startsWith(`subscription:${id}:`))
        .map((e) => e.charge.idempotencyKey.split(":")[3])
        .sort();
      expect({ name, charged }).toEqual({ name, charged: want });
      const paidBoxes = (await db().select().from(boxes).where(eq(boxes.subscriptionId, id)))
        .filter((b) => b.status === "charged")
        .map((b) => b.deliverOn)
        .sort();
      expect({ name, paidBoxes }).toEqual({ name, paidBoxes: want });
      const theirOrders = await db().select().from(orders).where(eq(orders.userId, userId));
      expect({
        name,
        orders: theirOrders.length,
        total: theirOrders.reduce((s, o) => s + o.total, 0),
      }).toEqual({
        name,
        orders: want.length,
        total: want.length * 3999,
      });
    }
    const status = async (id: string) =>
      (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.status;
    expect(await status(who.leaver.id)).toBe("ended");
    expect(await status(who.newCard.id)).toBe("active");
    expect(await status(who.pauser.id)).toBe("active");

    await drainQueue(jobs, { timeoutMs: 300_000 });
    const mail = (id: string, subject: string) =>
      env.smtp.messages.filter((m) => m.to === `${id}@example.nz` && m.subject.startsWith(subject))
        .length;
    const table = Object.fromEntries(
      Object.entries(who).map(([name, { userId }]) => [
        name,
        {
          reminders: mail(userId, "Your 1m² box for the week of"),
          receipts: mail(userId, "Receipt:"),
          declines: mail(userId, "We couldn't take payment"),
          paused: mail(userId, "Your Patch subscription is paused"),
        },
      ]),
    );
    expect(table).toEqual({
      // A reminder before each charge the subscription was active for (the first box of January
      // was charged when they subscribed and its reminder window, 31 December, is before the run).
      steady: { reminders: 13, receipts: 13, declines: 0, paused: 0 },
      skipper: { reminders: 12, receipts: 12, declines: 0, paused: 0 },
      pauser: { reminders: 10, receipts: 10, declines: 0, paused: 0 },
      newCard: { reminders: 13, receipts: 13, declines: 3, paused: 0 },
      leaver: { reminders: 5, receipts: 5, declines: 0, paused: 0 },
    });
  },
);
