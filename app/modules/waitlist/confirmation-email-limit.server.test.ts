// Finding 11 of issue 36 (ADR 065): one connection can't have us e-mail strangers without end. Past
// CONFIRMATION_EMAIL_LIMIT an hour, a join is still stored and answered the same, but no
// confirmation goes to an address not yet confirmed; a confirmed contact still gets their links.
import { eq, inArray } from "drizzle-orm";
import { expect, test } from "vitest";
import { contacts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { queue } from "#app/lib/queue.server.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { CONFIRMATION_EMAIL_LIMIT } from "./confirmation-email-limit.server.ts";
import { joinWaitlist } from "./join-waitlist.server.ts";
import { sendWaitlistConfirmationJob } from "./send-waitlist-confirmation.server.ts";
import { MESSAGES } from "./waitlist.schema.ts";
import { sendRegionMoveJob } from "./move-region.server.ts";

const env = testServices({
  smtp: true,
  queues: [sendWaitlistConfirmationJob, sendRegionMoveJob] as never,
});
const from = (ip: string) => ({ ip, userAgent: "vitest", page: "/waitlist" });

test("past its confirmation e-mails an hour, a connection's joins are stored and answered alike but e-mail no stranger", async () => {
  const { limit } = CONFIRMATION_EMAIL_LIMIT;
  const ip = "192.0.2.77";
  // Someone who confirmed long ago.
  await db()
    .insert(contacts)
    .values({
      id: crypto.randomUUID(),
      email: "known@example.nz",
      region: "Otago",
      confirmedAt: new Date("2026-01-05"),
    });

  const addresses = Array.from({ length: limit + 3 }, (_, i) => `stranger${i}@example.nz`);
  const answers = [];
  for (const email of addresses)
    answers.push(await joinWaitlist({ email, region: "Otago" }, from(ip)));
  // Every join is answered alike, within the limit and past it.
  for (const a of answers)
    expect(a).toMatchObject({ ok: true, emailSent: true, message: MESSAGES.joinedWithEmail });
  // Every contact is stored.
  const stored = await db().select().from(contacts).where(inArray(contacts.email, addresses));
  expect(stored).toHaveLength(addresses.length);
  // A re-join of a withheld address from the same connection sends nothing either.
  await joinWaitlist({ email: addresses.at(-1)!, region: "Otago" }, from(ip));
  // The confirmed contact's links still go out from that connection.
  await joinWaitlist({ email: "known@example.nz", region: "Otago" }, from(ip));
  await drainQueue([sendWaitlistConfirmationJob]);
  const sentTo = new Set(env.smtp.messages.map((m) => m.to));
  expect([...sentTo].filter((to) => to.startsWith("stranger")).sort()).toEqual(
    addresses.slice(0, limit).sort(),
  );
  expect(sentTo.has("known@example.nz")).toBe(true);
  const pending = await queue().findJobs(sendWaitlistConfirmationJob.name, {
    data: { email: addresses.at(-1)! },
  });
  expect(pending).toEqual([]);
  // From another connection the same address gets its confirmation.
  await joinWaitlist({ email: addresses.at(-1)!, region: "Otago" }, from("192.0.2.78"));
  await drainQueue([sendWaitlistConfirmationJob]);
  expect(env.smtp.messages.filter((m) => m.to === addresses.at(-1))).toHaveLength(1);
  const [last] = await db()
    .select()
    .from(contacts)
    .where(eq(contacts.email, addresses.at(-1)!));
  expect(last?.confirmedAt).toBeNull();
});
