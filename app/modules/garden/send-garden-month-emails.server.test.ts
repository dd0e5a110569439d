// "Your garden this month" (issue 23, ADR 045) on a real database, through the queue and the
// in-process SMTP server: one e-mail a member with a saved plan and a month, starting with "Your
// garden this month" and listing that month's jobs from their own schedule; never twice for a
// member and month however the run is repeated; not for those who switched it off, unsubscribed
// by its link, have no plan or an unconfirmed address.
import { expect, test } from "vitest";
import { signToken } from "#app/lib/signed-token.server.ts";
import {
  readAnyUnsubscribeLink,
  unsubscribeAnyByLink,
} from "#app/flows/unsubscribe-link.server.ts";
import { readUnsubscribeLink } from "#app/modules/growing-tips/unsubscribe-link.server.ts";
import type { OutboxMessage } from "#app/modules/notifications/read-outbox.server.ts";
import { insertSavedGarden } from "#tests/factories/gardens.ts";
import { insertMember } from "#tests/factories/members.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { gardenEmailOn, setGardenEmail } from "./garden-email-opt-out.server.ts";
import { emptyPlan } from "./garden.schema.ts";
import { saveGarden } from "./save-garden.server.ts";
import {
  fanOutGardenMonth,
  gardenMonthScheduleJob,
  sendGardenMonthEmail,
  sendGardenMonthEmailJob,
} from "./send-garden-month-emails.server.ts";

const jobs = [gardenMonthScheduleJob, sendGardenMonthEmailJob];
const env = testServices({ smtp: true, workers: jobs as never, emptyBeforeEach: true });
const drained = () => drainQueue(jobs);
const mailFor = (email: string) => env.smtp.messages.filter((m) => m.to === email);
const tokenIn = (m: OutboxMessage) =>
  /https:\/\/patch\.test\/unsubscribe\?token=([^\s>]+)/.exec(m.text)?.[1] ?? null;

/** A member in Christchurch with tomato and radish saved on 20 August 2026. */
async function gardener(email: string, options: { verified?: boolean; name?: string } = {}) {
  const id = await insertMember(
    { email, emailVerified: options.verified ?? true, name: options.name ?? "" },
    { fullName: options.name ?? null, address: { city: "Christchurch", state: "Canterbury" } },
  );
  await insertSavedGarden(id, ["tomato", "radish"]);
  return id;
}

test("a month's e-mail reaches each member with a plan once, with that month's own jobs", async () => {
  await gardener("aroha@example.nz", { name: "Aroha Ngata" });
  const quiet = await gardener("quiet@example.nz");
  expect(await setGardenEmail(quiet, { garden: "off" })).toEqual({ ok: true, on: false });
  await gardener("unconfirmed@example.nz", { verified: false });
  await insertMember({ email: "noplan@example.nz" });
  const empty = await insertMember({ email: "empty@example.nz" });
  expect((await saveGarden({ userId: empty, plan: emptyPlan("1m2") })).ok).toBe(true);

  // Aroha and the empty plan are queued; the empty plan's send finds nothing planted.
  expect(await fanOutGardenMonth("2026-11")).toBe(2);
  await drained();
  // Again, as a second scheduler tick or a fan-out retried after a crash would: nothing more.
  await fanOutGardenMonth("2026-11");
  await drained();
  expect(env.smtp.messages.map((m) => m.to).sort()).toEqual(["aroha@example.nz"]);

  const [mail] = mailFor("aroha@example.nz");
  const text = mail!.text.replace(/\r\n/g, "\n");
  expect(mail!.subject).toBe("Your garden this month: November");
  expect(mail!.text.startsWith("Your garden this month")).toBe(true);
  expect(mail!.text).toContain("Kia ora Aroha!");
  expect(mail!.text).toContain("tomato and radish in Christchurch");
  expect(text).toContain("PLANT OUT\n- Sunday 1 November: Plant out Tomato.");
  expect(text).toMatch(/SOW\n- [A-Z][a-z]+day \d+ November: Sow more Radish\./);
  expect(text).toMatch(/HARVEST\n- [A-Z][a-z]+day \d+ November: Start harvesting Radish\./);
  expect(text).toMatch(/FEED\n- [A-Z][a-z]+day \d+ November: Feed Tomato\./);
  // Nothing of October or December in November's e-mail.
  expect(mail!.text).not.toMatch(/\d+ (October|December):/);
  expect(mail!.text).toContain("https://patch.test/garden");
  expect(mail!.text).toContain('have "Your garden this month" switched on');
  expect(mail!.headers["list-unsubscribe"]).toMatch(
    /^<https:\/\/patch\.test\/api\/unsubscribe\?token=/,
  );
  expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
});

test("a send repeated or run twice at once goes once; the next month is a new e-mail", async () => {
  const id = await gardener("twice@example.nz");
  // Two workers at once: one sends, the other finds the claim and fails to be retried later.
  const runs = await Promise.allSettled([
    sendGardenMonthEmail("2026-11", id),
    sendGardenMonthEmail("2026-11", id),
  ]);
  expect(runs.filter((r) => r.status === "fulfilled" && r.value === "sent")).toHaveLength(1);
  const other = runs.find((r) => !(r.status === "fulfilled" && r.value === "sent"));
  expect(
    other?.status === "fulfilled" ? other.value : (other?.reason as Error | undefined)?.name,
  ).toMatch(/^(already-sent|DeliveryInProgressError)$/);
  expect(await sendGardenMonthEmail("2026-11", id)).toBe("already-sent");
  await sendGardenMonthEmailJob.handle(
    { month: "2026-11", userId: id },
    { jobId: "x", attempt: 1 },
  );
  expect(mailFor("twice@example.nz")).toHaveLength(1);

  expect(await sendGardenMonthEmail("2026-12", id)).toBe("sent");
  const december = mailFor("twice@example.nz")[1];
  expect(december!.subject).toBe("Your garden this month: December");
  expect(december!.text).not.toMatch(/\d+ November:/);
});

test("its own unsubscribe link stops the next month, and leaves the growing tips alone", async () => {
  const id = await gardener("leaving@example.nz");
  expect(await sendGardenMonthEmail("2026-11", id)).toBe("sent");
  const token = tokenIn(mailFor("leaving@example.nz")[0]!);
  expect(await readAnyUnsubscribeLink(token)).toEqual({
    kind: "member-garden",
    email: "leaving@example.nz",
    unsubscribed: false,
  });
  // The growing tips don't take a garden link for one of theirs.
  expect(await readUnsubscribeLink(token)).toBeNull();
  expect(await unsubscribeAnyByLink(token)).toEqual({
    ok: true,
    kind: "member-garden",
    email: "leaving@example.nz",
  });
  expect(await gardenEmailOn(id)).toBe(false);
  expect((await readAnyUnsubscribeLink(token))?.unsubscribed).toBe(true);
  // A tips link signed for the same member is not a garden link.
  expect((await readAnyUnsubscribeLink(signToken("tips-unsubscribe", id)))?.kind).toBe(
    "member-tips",
  );

  expect(await sendGardenMonthEmail("2026-12", id)).toBe("not-wanted");
  expect(await fanOutGardenMonth("2026-12")).toBe(0);
  await drained();
  expect(mailFor("leaving@example.nz")).toHaveLength(1);

  // Switched back on in the profile: the next month comes again.
  expect(await setGardenEmail(id, { garden: "on" })).toEqual({ ok: true, on: true });
  expect(await setGardenEmail(id, { garden: "maybe" })).toEqual({
    ok: false,
    message: "Please choose on or off.",
  });
  expect(await sendGardenMonthEmail("2026-12", id)).toBe("sent");
});

test("the scheduled job sends this month's e-mail", async () => {
  await gardener("scheduled@example.nz");
  await gardenMonthScheduleJob.handle({}, { jobId: "s", attempt: 0 });
  await drained();
  expect(mailFor("scheduled@example.nz")).toHaveLength(1);
  expect(mailFor("scheduled@example.nz")[0]!.subject).toMatch(/^Your garden this month: [A-Z]/);
});
