// The scheduled texts: Friday's weekly reminder about Saturday's garden session and the 1st's
// monthly one, fanned out through the queue, once per member per period however often the
// dispatch runs, and nothing to members who stopped, switched off or changed number; a member with
// a saved garden plan hears that weekend's jobs from its schedule.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { notifications, users } from "#db/schema/index.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { insertMember } from "#tests/factories/members.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { db } from "#app/lib/db.server.ts";
import { readSmsOutbox } from "#app/lib/sms.server.ts";
import { mondayOf, weekendJobs } from "#app/modules/garden/garden-schedule.ts";
import { emptyPlan } from "#app/modules/garden/garden.schema.ts";
import { getGardenSchedule } from "#app/modules/garden/get-garden-schedule.server.ts";
import { saveGarden } from "#app/modules/garden/save-garden.server.ts";
import { monthIdFor } from "#app/modules/guidance/guidance-content.ts";
import {
  addDays,
  dayOfWeek,
  formatDayAndDate,
  isoDate,
  todayInNewZealand,
  type CalendarDate,
} from "#app/modules/guidance/new-zealand-date.ts";
import {
  dispatchSmsReminders,
  reminderPeriod,
  sendSmsReminderJob,
} from "./dispatch-sms-reminders.server.ts";
import {
  saveSmsReminders,
  sendReminderConfirmationJob,
  switchOffSmsReminders,
} from "./manage-sms-reminders.server.ts";
import { planWeekendText } from "./reminder-texts.server.ts";
import { stopSmsRemindersForNumber } from "./stop-sms-reminders.server.ts";
import { gsmLength, isGsm } from "./sms-text.ts";

const SITE = "https://patch.test";

testServices({
  settings: () => ({ SMS_OUTBOX_DIR: mkdtempSync(join(tmpdir(), "patch-sms-")) }),
  workers: [sendReminderConfirmationJob, sendSmsReminderJob] as never,
});

const meta = () => ({
  request: new Request(`${SITE}/profile`, { headers: { "user-agent": "test" } }),
  clientIp: "192.0.2.10",
});

async function member(
  phone: string,
  frequency: "weekly" | "monthly",
  profile: { region?: string; plan?: string } = {},
) {
  const id = await insertMember(
    { email: `${phone.slice(1)}@example.nz`, phoneNumber: phone, phoneNumberVerified: true },
    {
      address: profile.region ? { state: profile.region, region: profile.region } : {},
      preferences: profile.plan ? { plan: profile.plan } : {},
    },
  );
  expect(
    await saveSmsReminders({ userId: id, input: { frequency, consent: "yes" }, meta: meta() }),
  ).toMatchObject({
    ok: true,
  });
  return id;
}

/** Reminders only: the confirmation texts are not counted. */
const remindersTo = (to: string) =>
  readSmsOutbox().filter((m) => m.to === to && !m.body.includes("you're signed up"));

/** Every text the queue holds has been sent or skipped: nothing more is coming. */
const settle = () => drainQueue([sendReminderConfirmationJob, sendSmsReminderJob]);

async function waitForReminders(to: string) {
  const until = Date.now() + 20_000;
  while (remindersTo(to).length === 0) {
    if (Date.now() > until) throw new Error(`no reminder to ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return remindersTo(to);
}

/** A Friday at 5pm in New Zealand a year or so from now, as the cron would fire. */
function fridayEvening(): { now: Date; saturday: CalendarDate } {
  let day = todayInNewZealand(new Date(Date.now() + 400 * 86_400_000));
  while (dayOfWeek(day) !== 5) day = addDays(day, 1);
  // 04:00 UTC is 5pm in summer (NZDT) and 4pm in winter: a Friday in New Zealand either way.
  return {
    now: new Date(Date.UTC(day.year, day.month - 1, day.day, 4, 0)),
    saturday: addDays(day, 1),
  };
}

test("the period of a run is New Zealand's coming Saturday, or its month", () => {
  // Friday 27 November 2026, 5pm NZDT = 04:00 UTC.
  expect(reminderPeriod("weekly", new Date("2026-11-27T04:00:00Z"))).toBe("2026-11-28");
  // Saturday morning in New Zealand (still Friday in UTC): that same Saturday.
  expect(reminderPeriod("weekly", new Date("2026-11-27T20:00:00Z"))).toBe("2026-11-28");
  // 9am on 1 December in New Zealand is 20:00 UTC on 30 November.
  expect(reminderPeriod("monthly", new Date("2026-11-30T20:00:00Z"))).toBe("2026-12");
});

test("weekly and monthly texts go once per period to members who still want them", async () => {
  const wellington = await member("+64221000001", "weekly", { region: "Wellington", plan: "2m2" });
  await member("+64221000002", "weekly");
  await member("+64221000003", "monthly", { region: "Otago" });
  const off = await member("+64221000004", "weekly", { region: "Nelson" });
  await member("+64221000005", "weekly", { region: "Nelson" });
  const moved = await member("+64221000006", "weekly", { region: "Nelson" });
  await switchOffSmsReminders(off);
  expect(await stopSmsRemindersForNumber("+64221000005")).toBe(1);
  // The account's verified number changed without going through the profile.
  await db().update(users).set({ phoneNumber: "+64221000099" }).where(eq(users.id, moved));

  const { now, saturday } = fridayEvening();
  const weekly = await dispatchSmsReminders("weekly", now);
  expect(weekly.recipients).toBe(2);
  // The cron firing twice (or a made-up missed run) sends nothing more.
  await dispatchSmsReminders("weekly", now);

  const [session] = await waitForReminders("+64221000001");
  const [general] = await waitForReminders("+64221000002");
  const guide = `${SITE}/education/monthly/${monthIdFor(saturday.month)}`;
  expect(session!.body).toMatch(
    new RegExp(
      `^Patch: garden session ${formatDayAndDate(saturday)}, (9|10)am, about \\d+ min\\. `,
    ),
  );
  expect(session!.body).toContain(`Guide: ${guide} Reply STOP to end.`);
  expect(general!.body).toMatch(new RegExp(`^Patch: ${formatDayAndDate(saturday)} is garden day`));
  expect(general!.body).toContain("This month's jobs: ");
  for (const text of [session!, general!]) {
    expect(isGsm(text.body)).toBe(true);
    expect(gsmLength(text.body)).toBeLessThanOrEqual(320);
  }

  // A worker re-running a member's job (as after a crash) sends nothing more. The first run is let
  // finish: a text can reach the provider a moment before its "sent" record is written, and a
  // re-run inside that moment is refused as in progress (and retried by the queue), not skipped.
  await settle();
  await sendSmsReminderJob.handle(
    { userId: wellington, frequency: "weekly", period: weekly.period },
    { jobId: "again", attempt: 1 },
  );
  await settle();
  expect(remindersTo("+64221000001")).toHaveLength(1);
  expect(remindersTo("+64221000002")).toHaveLength(1);
  for (const n of ["+64221000003", "+64221000004", "+64221000005", "+64221000006"]) {
    expect(remindersTo(n), n).toHaveLength(0);
  }
  const [record] = await db()
    .select()
    .from(notifications)
    .where(eq(notifications.idempotencyKey, `sms-reminder:${wellington}:${weekly.period}`));
  expect(record).toMatchObject({ channel: "sms", status: "sent", recipient: "+64221000001" });

  // The 1st of the month: the monthly member only.
  const first = todayInNewZealand(now);
  const monthStart = new Date(Date.UTC(first.year, first.month, 1, 0, 0));
  const monthly = await dispatchSmsReminders("monthly", monthStart);
  await dispatchSmsReminders("monthly", monthStart);
  expect(monthly.recipients).toBe(1);
  const [otago] = await waitForReminders("+64221000003");
  const month = monthIdFor(first.month + 1);
  expect(otago!.body).toMatch(/^Patch: [A-Z][a-z]+ in the garden\. Sow and plant: /);
  expect(otago!.body).toContain(`Guide: ${SITE}/education/monthly/${month} Reply STOP to end.`);
  await settle();
  expect(remindersTo("+64221000003")).toHaveLength(1);
  expect(remindersTo("+64221000001")).toHaveLength(1);
});

test("switching off after the dispatch, before the send, sends nothing", async () => {
  const id = await member("+64221000007", "monthly", { region: "Waikato" });
  await switchOffSmsReminders(id);
  const period = reminderPeriod("monthly", new Date(Date.now() + 400 * 86_400_000));
  await sendSmsReminderJob.handle(
    { userId: id, frequency: "monthly", period },
    { jobId: "late", attempt: 1 },
  );
  await settle();
  expect(remindersTo("+64221000007")).toHaveLength(0);
});

test("a weekly member with a saved garden plan hears the weekend's jobs from its schedule", async () => {
  const id = await member("+64221000011", "weekly", { region: "Canterbury" });
  try {
    const plan = emptyPlan("1m2");
    const crops = ["radish", "cos-lettuce", "silverbeet", "tomato", "garlic", "carrot", "leek"];
    crops.forEach((crop, i) => (plan.squares[i] = [crop]));
    expect((await saveGarden({ userId: id, plan })).ok).toBe(true);
    const { saturday } = fridayEvening();
    const schedule = await getGardenSchedule({ userId: id, today: mondayOf(saturday) });
    if (schedule.kind !== "schedule") throw new Error("expected a schedule");
    const jobs = weekendJobs(schedule.tasks, saturday);
    expect(jobs.length).toBeGreaterThan(0);

    await sendSmsReminderJob.handle(
      { userId: id, frequency: "weekly", period: isoDate(saturday) },
      { jobId: "plan", attempt: 1 },
    );
    const [text] = await waitForReminders("+64221000011");
    expect(text!.body).toBe(planWeekendText(saturday, jobs));
    expect(text!.body).toMatch(
      new RegExp(`^Patch: your garden, ${formatDayAndDate(saturday)}\\. This weekend: `),
    );
    expect(text!.body).toContain(jobs[0]!.short);
    expect(text!.body).toContain(`Your schedule: ${SITE}/garden Reply STOP to end.`);
    expect(isGsm(text!.body)).toBe(true);
    expect(gsmLength(text!.body)).toBeLessThanOrEqual(320);
  } finally {
    // Out of the other tests' weekly dispatch counts.
    await switchOffSmsReminders(id);
  }
});

test("the Friday texts are spread at the sender's pace (SMS_REMINDERS_PER_SECOND), not queued all at once", async () => {
  const phones = ["+64221000201", "+64221000202", "+64221000203", "+64221000204"];
  for (const p of phones) await member(p, "monthly", { region: "Canterbury" });
  const first = new Date(Date.UTC(2031, 0, 1, 20, 0));
  const started = Date.now();
  const run = await dispatchSmsReminders("monthly", first);
  expect(run.recipients).toBeGreaterThanOrEqual(4);
  const rows = (await db().execute(
    sql`select start_after from pgboss.job where name = ${sendSmsReminderJob.name}
        and data->>'period' = ${run.period} order by start_after`,
  )) as unknown as { rows: { start_after: Date | string }[] };
  const starts = rows.rows.map((r) => new Date(r.start_after).getTime());
  expect(starts).toHaveLength(run.recipients);
  // One a second (the default), the first at once.
  expect(starts[0]! - started).toBeLessThan(2_000);
  for (let i = 1; i < starts.length; i++)
    expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(990);
  expect(starts.at(-1)! - starts[0]!).toBeGreaterThanOrEqual((starts.length - 1) * 990);
  await settle();
  for (const p of phones) expect(remindersTo(p)).toHaveLength(1);
  // The other tests count their own members' texts.
  for (const p of phones) await stopSmsRemindersForNumber(p);
});
