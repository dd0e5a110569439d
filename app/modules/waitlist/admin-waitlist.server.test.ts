import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { contactConsents, contacts, notifications, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { setSettings } from "#app/lib/env.server.ts";
import { createQueues, enqueue, queue, startQueue, stopQueue } from "#app/lib/queue.server.ts";
import { openTestDatabase, testSettings, type TestDatabase } from "#tests/setup/test-database.ts";
import { sendGrowingTipsJob } from "#app/modules/growing-tips/send-growing-tips.server.ts";
import {
  deleteContact,
  exportContactsCsv,
  listContacts,
  PAGE_SIZE,
  readContactFilters,
  waitlistStats,
} from "./admin-waitlist.server.ts";
import { sendLaunchEmailJob } from "./notify-region-launch.server.ts";
import { sendWaitlistConfirmationJob } from "./send-waitlist-confirmation.server.ts";
import { syncContactToCrmJob } from "./sync-contact-to-crm.server.ts";

const jobs = [
  sendWaitlistConfirmationJob,
  syncContactToCrmJob,
  sendLaunchEmailJob,
  sendGrowingTipsJob,
];

let t: TestDatabase;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await openTestDatabase();
  await startQueue(t.handle, { connectionString: t.url });
  await createQueues(jobs as never);
  const now = Date.now();
  const rows = [
    {
      email: "aroha@example.nz",
      region: "Auckland",
      confirmedAt: new Date(),
      timestamp: new Date(now - 86_400_000),
    },
    {
      email: "ben@example.nz",
      region: "Auckland",
      unsubscribedAt: new Date(),
      timestamp: new Date(now),
    },
    { email: '=HYPERLINK("x")@example.nz', region: "Otago", timestamp: new Date(now) },
    {
      email: "cara@example.nz",
      region: "Otago",
      source: "waitlist_page_migrated",
      confirmedAt: new Date(),
      timestamp: new Date(now - 40 * 86_400_000),
    },
  ];
  for (const r of rows) {
    const id = crypto.randomUUID();
    ids[r.email] = id;
    await db()
      .insert(contacts)
      .values({ id, address: { state: r.region }, interests: ["Herbs", "Tāwhara"], ...r });
  }
  for (let i = 0; i < PAGE_SIZE + 3; i++) {
    await db()
      .insert(contacts)
      .values({ id: crypto.randomUUID(), email: `bulk${i}@example.nz`, region: "Canterbury" });
  }
});
afterAll(async () => {
  await stopQueue();
  await t.close();
});

test("filters: search, region, source, confirmed, unsubscribed; paged", async () => {
  const f = (q: string) => readContactFilters(new URLSearchParams(q));
  expect((await listContacts(f("q=ARO"))).rows.map((r) => r.email)).toEqual(["aroha@example.nz"]);
  expect((await listContacts(f("region=Otago"))).total).toBe(2);
  expect((await listContacts(f("source=waitlist_page_migrated"))).rows.map((r) => r.email)).toEqual(
    ["cara@example.nz"],
  );
  expect((await listContacts(f("confirmed=yes"))).total).toBe(2);
  expect((await listContacts(f("unsubscribed=yes"))).rows.map((r) => r.email)).toEqual([
    "ben@example.nz",
  ]);
  expect((await listContacts(f("q=%25"))).total).toBe(0);
  const all = await listContacts(f("region=Canterbury"));
  expect(all.rows).toHaveLength(PAGE_SIZE);
  expect(all.pages).toBe(2);
  expect((await listContacts(f("region=Canterbury&page=2"))).rows).toHaveLength(3);
  // Nonsense in the URL falls back to no filter rather than failing.
  expect((await listContacts(f("region=Mars&confirmed=maybe&page=-4"))).total).toBeGreaterThan(30);
});

test("counts by region include every region, and sign-ups by day", async () => {
  const stats = await waitlistStats();
  expect(stats.regions).toHaveLength(16);
  expect(stats.regions.find((r) => r.region === "Auckland")).toEqual({
    region: "Auckland",
    total: 2,
    confirmed: 1,
    unsubscribed: 1,
  });
  expect(stats.regions.find((r) => r.region === "Southland")?.total).toBe(0);
  expect(stats.days).toHaveLength(30);
  expect(stats.days.reduce((n, d) => n + d.joined, 0)).toBe(stats.total - 1);
});

test("the CSV opens cleanly in a spreadsheet and can't smuggle formulas", async () => {
  const csv = await exportContactsCsv(readContactFilters(new URLSearchParams("region=Otago")));
  expect(csv.startsWith("\uFEFFid,email,region")).toBe(true);
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(3);
  expect(csv).toContain(`"'=HYPERLINK(""x"")@example.nz"`);
  expect(csv).toContain("Herbs; Tāwhara");
});

test("deleting a contact erases its consents and messages", async () => {
  // A contact of this test's own: the other tests count the ones made above, in any order.
  const id = crypto.randomUUID();
  await db().insert(contacts).values({ id, email: "hemi.leaving@example.nz", region: "Gisborne" });
  await db()
    .insert(contactConsents)
    .values({ contactId: id, purpose: "waitlist_email", statement: "s", source: "/" });
  await db()
    .insert(notifications)
    .values({
      idempotencyKey: `k-${id}`,
      channel: "email",
      template: "t",
      recipient: "hemi.leaving@example.nz",
      resourceType: "contact",
      resourceId: id,
    });
  expect(await deleteContact(id)).toBe(true);
  expect(await db().select().from(contacts).where(eq(contacts.id, id))).toHaveLength(0);
  expect(
    await db().select().from(contactConsents).where(eq(contactConsents.contactId, id)),
  ).toHaveLength(0);
  expect(
    await db().select().from(notifications).where(eq(notifications.resourceId, id)),
  ).toHaveLength(0);
  expect(await deleteContact(id)).toBe(false);
  expect(await deleteContact("not-a-uuid")).toBe(false);
});

/** Every job, in any queue and state, whose data mentions the text. */
async function jobsMentioning(text: string) {
  const result = (await db().execute(
    sql`select name, state from pgboss.job where data::text ilike ${`%${text}%`}`,
  )) as unknown as { rows: { name: string; state: string }[] };
  return result.rows;
}

test("deleting a contact erases the queue's jobs that carry its id or address, in any state", async () => {
  const id = crypto.randomUUID();
  const email = "erase.me@example.nz";
  // In a region the other tests don't count.
  await db().insert(contacts).values({ id, email, region: "West Coast" });
  const otherId = ids["cara@example.nz"]!;
  // A member's address: their tips job is theirs as a member too.
  const memberEmail = "member@example.nz";
  const memberContact = crypto.randomUUID();
  await db()
    .insert(contacts)
    .values({ id: memberContact, email: memberEmail, region: "West Coast" });
  await db().insert(users).values({ id: "member-1", name: "Mere", email: memberEmail });

  await db().transaction(async (tx) => {
    const confirm = { email, region: "Otago", contactId: id, key: `waitlist-confirmation:${id}` };
    await enqueue(tx, sendWaitlistConfirmationJob, confirm);
    await enqueue(tx, syncContactToCrmJob, { contactId: id, event: "created" });
    await enqueue(tx, sendGrowingTipsJob, { month: "2026-12", email });
    await enqueue(tx, sendLaunchEmailJob, { contactId: otherId, region: "Otago" });
    await enqueue(tx, sendGrowingTipsJob, { month: "2026-12", email: "cara@example.nz" });
    await enqueue(tx, sendGrowingTipsJob, { month: "2026-12", email: memberEmail });
  });
  // One already sent and kept by pg-boss (a finished job keeps its data until retention ends),
  // and failed ones waiting for their retry.
  await db().transaction(async (tx) => {
    await enqueue(tx, sendLaunchEmailJob, { contactId: id, region: "Otago" });
    await enqueue(tx, syncContactToCrmJob, { contactId: id, event: "updated" });
  });
  const launches = await queue().fetch<{ contactId: string }>(sendLaunchEmailJob.name, {
    batchSize: 10,
  });
  await queue().complete(
    sendLaunchEmailJob.name,
    launches.filter((j) => j.data.contactId === id).map((j) => j.id),
  );
  const crmJobs = await queue().fetch(syncContactToCrmJob.name, { batchSize: 10 });
  await queue().fail(
    syncContactToCrmJob.name,
    crmJobs.map((j) => j.id),
  );
  expect((await jobsMentioning(id)).map((j) => j.state).sort()).toEqual([
    "completed",
    "created",
    "retry",
    "retry",
  ]);
  expect(await jobsMentioning(id)).toHaveLength(4);
  expect(await jobsMentioning(email)).toHaveLength(2);

  // With the CRM on, it is told of the deletion (by id only) after the erasure.
  setSettings(
    testSettings({
      DATABASE_URL: t.url,
      CRM_WEBHOOK_URL: "http://127.0.0.1:9/hook",
      CRM_WEBHOOK_SECRET: "crm-secret-0123456789",
    }),
  );
  try {
    expect(await deleteContact(id)).toBe(true);
    expect(await deleteContact(memberContact)).toBe(true);
  } finally {
    setSettings(t.settings);
  }
  expect(await jobsMentioning(email)).toHaveLength(0);
  const left = await jobsMentioning(id);
  expect(left).toHaveLength(1);
  expect(
    await queue().findJobs(syncContactToCrmJob.name, { data: { contactId: id, event: "deleted" } }),
  ).toHaveLength(1);
  // Other people's jobs stay, and so does the member's.
  expect(await jobsMentioning(otherId)).toHaveLength(1);
  expect(await jobsMentioning("cara@example.nz")).toHaveLength(1);
  expect(await jobsMentioning(memberEmail)).toHaveLength(1);
});
