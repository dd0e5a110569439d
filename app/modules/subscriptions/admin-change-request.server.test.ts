// An admin's skip, pause and cancel (/admin/subscriptions/{id}) go through the member's own
// use-cases for that subscription: the same state machine, one history row naming the admin, one
// e-mail to the member; a move the state machine refuses is a 4xx outcome in words, not an error.
import { expect, test } from "vitest";
import { statusOf } from "#app/lib/outcome.ts";
import { eventsOf, rowOf } from "#tests/factories/subscription-reads.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { adminChangeRequest } from "./admin-change-request.server.ts";
import { cancelSubscription } from "./cancel-subscription.server.ts";
import { pauseSubscription } from "./pause-subscription.server.ts";
import { sendSubscriptionChangeJob } from "./send-subscription-change.server.ts";
import { skipNextBox, SKIP_MESSAGES } from "./skip-next-box.server.ts";

const jobs = [sendSubscriptionChangeJob];
const env = testServices({ smtp: true, queues: jobs as never });

const NOW = new Date("2026-11-25T02:00:00Z");
const ADMIN = "ops@example.com";
const key = () => crypto.randomUUID();

async function asAdmin(subscriptionId: string) {
  const who = await adminChangeRequest({ subscriptionId, adminEmail: ADMIN });
  if (!who) throw new Error("expected the subscription");
  return { ...who, now: NOW };
}

test("who an admin acts for: the subscription's member, named as the admin; no such id is null", async () => {
  const { id, userId } = await insertSubscription();
  expect(await adminChangeRequest({ subscriptionId: id, adminEmail: ADMIN })).toEqual({
    userId,
    subscriptionId: id,
    actor: `admin:${ADMIN}`,
  });
  for (const subscriptionId of ["not-a-uuid", "", crypto.randomUUID()])
    expect(await adminChangeRequest({ subscriptionId, adminEmail: ADMIN })).toBeNull();
});

test("an admin skips the next box: the box is skipped, the history names the admin, the member is e-mailed", async () => {
  const { id } = await insertSubscription();
  const skipped = await skipNextBox({ requestKey: key() }, await asAdmin(id));
  expect(skipped).toMatchObject({ ok: true, changed: true });
  const [event] = await eventsOf(id);
  expect(event).toMatchObject({ type: "box_skipped", actor: `admin:${ADMIN}` });
  await drainQueue(jobs);
  const { email } = await rowOf(id);
  expect(env.smtp.messages.filter((m) => m.to === email).map((m) => m.subject)).toEqual([
    "Your box is skipped | Patch",
  ]);
});

test("an admin pauses for 2 months, then cancels; each through the state machine and in the history", async () => {
  const { id } = await insertSubscription();
  const who = await asAdmin(id);
  expect(await pauseSubscription({ requestKey: key(), pauseFor: "2" }, who)).toMatchObject({
    ok: true,
    changed: true,
  });
  expect(await rowOf(id)).toMatchObject({ status: "paused", pausedUntil: "2027-03-07" });
  expect(await cancelSubscription({ requestKey: key(), reason: "other" }, who)).toMatchObject({
    ok: true,
    changed: true,
  });
  expect(await rowOf(id)).toMatchObject({ status: "cancelled", pausedUntil: null });
  const events = await eventsOf(id);
  expect(events.map((e) => [e.type, e.fromStatus, e.toStatus, e.actor])).toEqual([
    ["paused", "active", "paused", `admin:${ADMIN}`],
    ["cancelled", "paused", "cancelled", `admin:${ADMIN}`],
  ]);
});

test("moves the state machine refuses are 4xx outcomes in words, and change nothing", async () => {
  const paused = await insertSubscription({ overrides: { status: "paused" } });
  const skip = await skipNextBox({ requestKey: key() }, await asAdmin(paused.id));
  expect(skip).toMatchObject({ ok: false, code: "invalid", message: SKIP_MESSAGES.paused });
  expect(statusOf(skip)).toBe(400);

  const cancelled = await insertSubscription({ overrides: { status: "cancelled" } });
  const pause = await pauseSubscription(
    { requestKey: key(), pauseFor: "1" },
    await asAdmin(cancelled.id),
  );
  expect(pause.ok).toBe(false);
  expect(statusOf(pause)).toBeGreaterThanOrEqual(400);
  expect(statusOf(pause)).toBeLessThan(500);

  const ended = await insertSubscription({ overrides: { status: "ended" } });
  const cancel = await cancelSubscription(
    { requestKey: key(), reason: "other" },
    await asAdmin(ended.id),
  );
  expect(cancel).toMatchObject({ ok: false, code: "conflict" });
  expect(statusOf(cancel)).toBe(409);

  for (const { id } of [paused, cancelled, ended]) expect(await eventsOf(id)).toEqual([]);
  expect((await rowOf(paused.id)).status).toBe("paused");
  expect((await rowOf(cancelled.id)).status).toBe("cancelled");
  expect((await rowOf(ended.id)).status).toBe("ended");
});
