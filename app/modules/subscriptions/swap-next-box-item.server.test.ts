// 'Swap an item' sends its confirmation e-mail as every other change does (issue 21): what was
// swapped for what, in which box, until when it can still change, read from the in-process SMTP
// server; a doubled submit writes one history row and sends one e-mail.
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { subscriptionEvents } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { boxItemInSeason } from "#app/modules/garden/box-item-season.server.ts";
import { BOX_MESSAGES } from "./boxes.schema.ts";
import { getSubscriptionOverview } from "./get-subscription-overview.server.ts";
import { getNextBox, listSwapOptions } from "./next-box.server.ts";
import { sendSubscriptionChangeJob } from "./send-subscription-change.server.ts";
import { swapNextBoxItem } from "./swap-next-box-item.server.ts";

const jobs = [sendSubscriptionChangeJob];
const env = testServices({ smtp: true, queues: jobs as never });

// 25 November 2026, 3pm in Auckland: the week-2 subscription's box of 8 January can still change
// until its cutoff, Sunday 3 January at 1 pm.
const NOW = new Date("2026-11-25T02:00:00Z");

beforeAll(async () => {
  await seedDemoData(db(), env.database.settings);
});

async function swapsOf(subscriptionId: string) {
  const events = await db()
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.subscriptionId, subscriptionId));
  return events.filter((e) => e.type === "box_item_swapped");
}

test("a swap e-mails the member what went, what came, for which box and until when; once", async () => {
  const { id, userId } = await insertSubscription();
  const box = (await getNextBox(id, { now: NOW }))!.upcoming!;
  const leaving = box.items.find((i) => i.sizeClass === "seed-packet")!;
  const [coming] = await listSwapOptions(box.items, leaving.itemId, {
    month: 1,
    zone: "warm-north",
    inSeason: boxItemInSeason,
  });
  const input = { itemId: leaving.itemId, replacementId: coming!.id };

  const swapped = await swapNextBoxItem(input, { userId, now: NOW, inSeason: boxItemInSeason });
  expect(swapped).toMatchObject({
    ok: true,
    message: BOX_MESSAGES.swapped(leaving.name, coming!.name),
  });
  // The same submit again (a double click, a retry after a lost answer): the same answer, and
  // nothing written or sent twice.
  expect(
    await swapNextBoxItem(input, { userId, now: NOW, inSeason: boxItemInSeason }),
  ).toMatchObject({
    ok: true,
    message: BOX_MESSAGES.swapped(leaving.name, coming!.name),
  });
  expect(await swapsOf(id)).toHaveLength(1);

  await drainQueue(jobs);
  const mails = env.smtp.messages.filter((m) => m.to === `${userId}@example.nz`);
  expect(mails).toHaveLength(1);
  const mail = mails[0]!;
  expect(mail.subject).toBe("An item in your box is swapped | Patch");
  const text = mail.text.replace(/\s+/g, " ");
  expect(text).toContain(
    `We've swapped ${leaving.name} for ${coming!.name} in your box of the week starting Friday 8 January 2027.`,
  );
  expect(text).toContain("until its cutoff, Sunday 3 January at 1:00 pm (New Zealand time)");
  expect(text).toContain("/profile/subscription");

  // The member's history says the same words.
  const overview = await getSubscriptionOverview(userId, {
    now: NOW,
    currency: "USD",
    inSeason: boxItemInSeason,
  });
  expect(JSON.stringify(overview.subscription)).toContain(
    `We've swapped ${leaving.name} for ${coming!.name}`,
  );
});

test("a refused swap (an item not in the box, a hostile id) writes nothing and sends nothing", async () => {
  const { id, userId } = await insertSubscription();
  expect(
    await swapNextBoxItem(
      { itemId: "seed-nothing", replacementId: "seed-carrot" },
      { userId, now: NOW, inSeason: boxItemInSeason },
    ),
  ).toMatchObject({ ok: false, message: BOX_MESSAGES.notInBox });
  expect(
    await swapNextBoxItem(
      { itemId: "<script>", replacementId: "seed-carrot" },
      { userId, now: NOW, inSeason: boxItemInSeason },
    ),
  ).toMatchObject({ ok: false, code: "invalid" });
  expect(await swapsOf(id)).toHaveLength(0);
  await drainQueue(jobs);
  expect(env.smtp.messages.filter((m) => m.to === `${userId}@example.nz`)).toHaveLength(0);
});
