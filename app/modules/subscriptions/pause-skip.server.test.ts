// The member's skip, pause and resume (issue 21) against the real database: each change moves the
// state machine or the box row, writes one history row and sends one e-mail, and a retried submit
// (the same request key) changes and sends nothing more.
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { boxes, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { eventsOf, rowOf } from "#tests/factories/subscription-reads.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { expectChanged } from "#tests/factories/member-changes.ts";
import { BOX_MESSAGES } from "./boxes.schema.ts";
import { MANAGE_MESSAGES } from "./manage.schema.ts";
import { pauseSubscription } from "./pause-subscription.server.ts";
import { resumeDuePauses, resumeSubscription } from "./resume-subscription.server.ts";
import { sendSubscriptionChangeJob } from "./send-subscription-change.server.ts";
import { skipNextBox, SKIP_MESSAGES } from "./skip-next-box.server.ts";
import { unskipNextBox, UNSKIP_MESSAGES } from "./unskip-next-box.server.ts";

const jobs = [sendSubscriptionChangeJob];
const env = testServices({ smtp: true, queues: jobs as never });

// 25 November 2026, 3pm in Auckland. The factory's week-2 subscription has paid for its first box
// (8 December); the next box, 8 January, is charged at its cutoff on 3 January.
const NOW = new Date("2026-11-25T02:00:00Z");
const key = () => crypto.randomUUID();

async function mailsTo(id: string) {
  await drainQueue(jobs);
  const { email } = await rowOf(id);
  return env.smtp.messages.filter((m) => m.to === email);
}

test("pausing for a month skips the next unpaid box, says when deliveries resume, and is made once", async () => {
  const { id, userId } = await insertSubscription();
  const input = { requestKey: key(), pauseFor: "1" };
  const paused = await pauseSubscription(input, { userId, now: NOW });
  expect(paused).toMatchObject({ ok: true, changed: true });
  expect(paused.ok && paused.message).toBe(
    "Your deliveries are paused until Sunday 7 February 2027: nothing is charged or sent until then. The box you've paid for (week starting Tuesday 8 December 2026) still comes. They resume with the box of the week starting Monday 8 February 2027.",
  );
  expect(await rowOf(id)).toMatchObject({ status: "paused", pausedUntil: "2027-02-07" });

  // The same submit again (a double press, a reload): the same answer, nothing more written or sent.
  const again = await pauseSubscription(input, { userId, now: NOW });
  expect(again).toMatchObject({ ok: true, changed: false, message: paused.ok && paused.message });
  const events = await eventsOf(id);
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({
    type: "paused",
    fromStatus: "active",
    toStatus: "paused",
    actor: "member",
    data: { until: "2027-02-07", resumesWith: "2027-02-08" },
  });
  const mails = await mailsTo(id);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toBe("Your deliveries are paused | Patch");
  expect(mails[0]!.text).toContain("paused until Sunday 7 February 2027");
  expect(mails[0]!.text).toContain("Nothing is charged or sent while your deliveries are paused.");
  expect(mails[0]!.text).toContain("/profile/subscription");
});

test("a pause until a date: a past or far date is refused in words; a paused one can move its end", async () => {
  const { id, userId } = await insertSubscription();
  for (const until of ["2026-11-24", "2026-11-25", "2028-01-01"])
    expect(
      await pauseSubscription({ requestKey: key(), pauseFor: "date", until }, { userId, now: NOW }),
    ).toMatchObject({
      ok: false,
      code: "invalid",
      fieldErrors: { until: MANAGE_MESSAGES.pauseUntil },
    });
  expect(
    await pauseSubscription({ requestKey: key(), pauseFor: "6" }, { userId, now: NOW }),
  ).toMatchObject({ ok: false, code: "invalid", message: MANAGE_MESSAGES.pauseFor });
  expect(
    await pauseSubscription({ requestKey: "not-a-key", pauseFor: "1" }, { userId, now: NOW }),
  ).toMatchObject({ ok: false, code: "invalid" });
  expect(await rowOf(id)).toMatchObject({ status: "active", pausedUntil: null });

  await pauseSubscription(
    { requestKey: key(), pauseFor: "date", until: "2027-01-31" },
    { userId, now: NOW },
  );
  const moved = await pauseSubscription(
    { requestKey: key(), pauseFor: "date", until: "2027-03-10" },
    { userId, now: NOW },
  );
  expect(moved).toMatchObject({ ok: true, changed: true });
  expect(await rowOf(id)).toMatchObject({ status: "paused", pausedUntil: "2027-03-10" });
  expect((await eventsOf(id)).map((e) => e.type).sort()).toEqual(["pause_changed", "paused"]);
});

test("resuming runs the subscription again from the upcoming box; resuming an active one is refused", async () => {
  const { id, userId } = await insertSubscription();
  expect(await resumeSubscription({ requestKey: key() }, { userId, now: NOW })).toMatchObject({
    ok: false,
    message: MANAGE_MESSAGES.notPaused,
  });
  await pauseSubscription({ requestKey: key(), pauseFor: "2" }, { userId, now: NOW });
  const resumed = await resumeSubscription({ requestKey: key() }, { userId, now: NOW });
  expectChanged(
    resumed,
    "Your deliveries have resumed. Your next box comes in the week starting Friday 8 January 2027.",
  );
  const row = await rowOf(id);
  expect(row).toMatchObject({ status: "active", pausedUntil: null, nextBoxOn: "2026-12-08" });
  expect(row.currentPeriodEnd.toISOString()).toBe("2027-01-03T00:00:00.000Z");
  const resumedEvent = (await eventsOf(id)).find((e) => e.type === "resumed");
  expect(resumedEvent).toMatchObject({ fromStatus: "paused", toStatus: "active" });
});

test("the calendar resumes a pause a day before its first box's cutoff, with the period moved on to it", async () => {
  const { id, userId } = await insertSubscription();
  await pauseSubscription({ requestKey: key(), pauseFor: "1" }, { userId, now: NOW });
  // The first box after the pause is 8 February, cut off on 3 February: not yet on 1 February.
  expect(await resumeDuePauses(new Date("2027-02-01T12:00:00Z"))).toBe(0);
  expect((await rowOf(id)).status).toBe("paused");
  const at = new Date("2027-02-02T01:00:00Z");
  expect(await resumeDuePauses(at)).toBeGreaterThanOrEqual(1);
  const row = await rowOf(id);
  expect(row).toMatchObject({ status: "active", pausedUntil: null, nextBoxOn: "2027-01-08" });
  expect(row.currentPeriodEnd.toISOString()).toBe("2027-02-03T00:00:00.000Z");
  expect((await eventsOf(id)).find((e) => e.type === "resumed")).toMatchObject({
    actor: "system",
    data: { nextBox: "2027-02-08", by: "calendar" },
  });
  // Run again: nothing more.
  await resumeDuePauses(at);
  expect((await eventsOf(id)).filter((e) => e.type === "resumed")).toHaveLength(1);
});

test("skipping the next box marks its row skipped before the cutoff, and putting it back undoes it", async () => {
  const { id, userId } = await insertSubscription();
  const skipped = await skipNextBox({ requestKey: key() }, { userId, now: NOW });
  expectChanged(
    skipped,
    "The box of the week starting Friday 8 January 2027 is skipped: it isn't charged or sent. Your next box comes in the week starting Monday 8 February 2027.",
  );
  const boxOf = async () =>
    (
      await db()
        .select()
        .from(boxes)
        .where(and(eq(boxes.subscriptionId, id), eq(boxes.deliverOn, "2027-01-08")))
    )[0];
  expect((await boxOf())?.status).toBe("skipped");
  expect(await skipNextBox({ requestKey: key() }, { userId, now: NOW })).toMatchObject({
    ok: true,
    changed: false,
  });

  const back = await unskipNextBox({ requestKey: key() }, { userId, now: NOW });
  expect(back).toMatchObject({ ok: true, changed: true });
  expect((await boxOf())?.status).toBe("scheduled");
  expect(await unskipNextBox({ requestKey: key() }, { userId, now: NOW })).toMatchObject({
    ok: true,
    changed: false,
    message: UNSKIP_MESSAGES.notSkipped,
  });
  expect((await eventsOf(id)).map((e) => e.type).sort()).toEqual(["box_skipped", "box_unskipped"]);
  const subjects = (await mailsTo(id)).map((m) => m.subject).sort();
  expect(subjects).toEqual(["Your box is back on | Patch", "Your box is skipped | Patch"]);

  // After the cutoff the box is locked for packing.
  expect(
    await skipNextBox({ requestKey: key() }, { userId, now: new Date("2027-01-03T00:00:00Z") }),
  ).toMatchObject({ ok: false, code: "conflict", message: expect.stringContaining("locked") });
  expect(BOX_MESSAGES.locked("x")).toContain("locked");

  // Paused: nothing to skip.
  await pauseSubscription({ requestKey: key(), pauseFor: "1" }, { userId, now: NOW });
  expect(await skipNextBox({ requestKey: key() }, { userId, now: NOW })).toMatchObject({
    ok: false,
    message: SKIP_MESSAGES.paused,
  });
});

test("a member without a subscription is told so", async () => {
  const { userId } = await insertSubscription();
  await db().delete(subscriptions).where(eq(subscriptions.userId, userId));
  expect(await skipNextBox({ requestKey: key() }, { userId, now: NOW })).toMatchObject({
    ok: false,
    code: "not-found",
    message: MANAGE_MESSAGES.none,
  });
});
