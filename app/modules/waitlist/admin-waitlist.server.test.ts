import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { contactConsents, contacts, notifications } from "../../../db/schema/index.ts";
import { db } from "../../lib/db.server";
import { openTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import {
  deleteContact,
  exportContactsCsv,
  listContacts,
  PAGE_SIZE,
  readContactFilters,
  waitlistStats,
} from "./admin-waitlist.server";

let t: TestDatabase;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await openTestDatabase();
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
afterAll(() => t.close());

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
  const id = ids["aroha@example.nz"]!;
  await db()
    .insert(contactConsents)
    .values({ contactId: id, purpose: "waitlist_email", statement: "s", source: "/" });
  await db()
    .insert(notifications)
    .values({
      idempotencyKey: `k-${id}`,
      channel: "email",
      template: "t",
      recipient: "aroha@example.nz",
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
