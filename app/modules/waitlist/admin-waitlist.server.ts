// The admin side of the waitlist (/admin/waitlist): counts by region and over time, the contacts
// with search, filters and paging, CSV export, and erasure (Privacy Act 2020).
import { and, count, desc, eq, gte, ilike, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { contacts, notifications, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { listPage } from "#app/lib/list-page.server.ts";
import { readListQuery } from "#app/lib/list-query.ts";
import { NZ_REGIONS } from "#app/lib/nz-regions.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { deleteJobsWhere } from "#app/lib/queue-jobs.server.ts";
import { freeText, z } from "#app/lib/zod.ts";
import { syncContactToCrmJob } from "./sync-contact-to-crm.server.ts";

export const PAGE_SIZE = 25;

const yesNoAny = z.enum(["yes", "no", "any"]).catch("any");
export const contactFiltersSchema = z.object({
  q: freeText({ max: 200 }).catch(""),
  region: z.enum(NZ_REGIONS).optional().catch(undefined),
  source: z.enum(["waitlist_page", "waitlist_page_migrated"]).optional().catch(undefined),
  confirmed: yesNoAny,
  unsubscribed: yesNoAny,
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type ContactFilters = z.infer<typeof contactFiltersSchema>;

export function readContactFilters(params: URLSearchParams): ContactFilters {
  return readListQuery(contactFiltersSchema, params);
}

function where(f: ContactFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    f.q ? ilike(contacts.email, `%${f.q.replace(/[%_\\]/g, (m) => `\\${m}`)}%`) : undefined,
    f.region ? eq(contacts.region, f.region) : undefined,
    f.source ? eq(contacts.source, f.source) : undefined,
    f.confirmed === "yes"
      ? isNotNull(contacts.confirmedAt)
      : f.confirmed === "no"
        ? isNull(contacts.confirmedAt)
        : undefined,
    f.unsubscribed === "yes"
      ? isNotNull(contacts.unsubscribedAt)
      : f.unsubscribed === "no"
        ? isNull(contacts.unsubscribedAt)
        : undefined,
  ];
  return and(...parts.filter((p): p is SQL => Boolean(p)));
}

export async function listContacts(f: ContactFilters) {
  const condition = where(f);
  return listPage(
    db()
      .select({
        id: contacts.id,
        email: contacts.email,
        region: contacts.region,
        plan: contacts.plan,
        source: contacts.source,
        timestamp: contacts.timestamp,
        confirmedAt: contacts.confirmedAt,
        unsubscribedAt: contacts.unsubscribedAt,
        surveyed: sql<boolean>`${contacts.surveyData} ? 'completedAt'`,
      })
      .from(contacts)
      .where(condition)
      .orderBy(desc(contacts.timestamp)),
    { from: contacts, where: condition, page: f.page, size: PAGE_SIZE },
  );
}

export async function waitlistStats(now = new Date()) {
  const byRegion = await db()
    .select({
      region: contacts.region,
      total: count(),
      confirmed: sql<number>`count(${contacts.confirmedAt})`,
      unsubscribed: sql<number>`count(${contacts.unsubscribedAt})`,
    })
    .from(contacts)
    .groupBy(contacts.region);
  const regions = NZ_REGIONS.map((region) => {
    const row = byRegion.find((r) => r.region === region);
    return {
      region,
      total: Number(row?.total ?? 0),
      confirmed: Number(row?.confirmed ?? 0),
      unsubscribed: Number(row?.unsubscribed ?? 0),
    };
  });
  const since = new Date(now.getTime() - 29 * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const daily = await db()
    .select({
      day: sql<string>`to_char(${contacts.timestamp} at time zone 'UTC', 'YYYY-MM-DD')`,
      n: count(),
    })
    .from(contacts)
    .where(gte(contacts.timestamp, since))
    .groupBy(sql`1`);
  const days = Array.from({ length: 30 }, (_, i) => {
    const d = new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    return { day: d, joined: Number(daily.find((r) => r.day === d)?.n ?? 0) };
  });
  const total = regions.reduce((n, r) => n + r.total, 0);
  return {
    total,
    confirmed: regions.reduce((n, r) => n + r.confirmed, 0),
    unsubscribed: regions.reduce((n, r) => n + r.unsubscribed, 0),
    regions,
    days,
  };
}

/** A cell that a spreadsheet won't run as a formula, quoted for CSV. */
function csvCell(value: unknown): string {
  let s =
    value === null || value === undefined
      ? ""
      : value instanceof Date
        ? value.toISOString()
        : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The filtered contacts as CSV (UTF-8 with a byte-order mark, so Excel reads macrons). */
export async function exportContactsCsv(f: ContactFilters): Promise<string> {
  const rows = await db().select().from(contacts).where(where(f)).orderBy(desc(contacts.timestamp));
  const header = [
    "id",
    "email",
    "region",
    "plan",
    "source",
    "joined",
    "confirmed",
    "unsubscribed",
    "space",
    "size_m2",
    "sun",
    "experience",
    "time_per_week",
    "interests",
  ];
  const lines = rows.map((c) =>
    [
      c.id,
      c.email,
      c.region,
      c.plan,
      c.source,
      c.timestamp,
      c.confirmedAt,
      c.unsubscribedAt,
      c.growingSpace.kind,
      c.growingSpace.sizeM2,
      c.growingSpace.sunHours,
      c.surveyData.experience,
      c.surveyData.timePerWeek,
      c.interests.join("; "),
    ]
      .map(csvCell)
      .join(","),
  );
  return `\uFEFF${[header.join(","), ...lines].join("\r\n")}\r\n`;
}

/**
 * Erasure (Privacy Act 2020): the contact, its consent records, the messages we sent it, and the
 * queue's jobs that carry its id or address (a confirmation job holds both, the CRM and launch jobs
 * the id, a tips job the address), whatever their state: pg-boss keeps finished and failed jobs,
 * with their data, until its retention ends. A tips job for an address that is also a member's
 * account is the member's too, and stays. The CRM is told last, by id only.
 */
export async function deleteContact(id: string): Promise<boolean> {
  if (!z.uuid().safeParse(id).success) return false;
  return db().transaction(async (tx) => {
    const deleted = await tx
      .delete(contacts)
      .where(eq(contacts.id, id))
      .returning({ id: contacts.id, email: contacts.email });
    const [contact] = deleted;
    if (!contact) return false;
    await tx
      .delete(notifications)
      .where(and(eq(notifications.resourceType, "contact"), eq(notifications.resourceId, id)));
    const email = contact.email.toLowerCase();
    await deleteJobsWhere(
      tx,
      sql`(data->>'contactId' = ${id} or (lower(data->>'email') = ${email} and not exists (
            select 1 from ${users} where lower(${users.email}) = ${email})))`,
    );
    if (settings().crmWebhook)
      await enqueue(tx, syncContactToCrmJob, { contactId: id, event: "deleted" });
    return true;
  });
}
