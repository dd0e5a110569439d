// The growing tips through HTTP: the one-click unsubscribe endpoint (RFC 8058) takes a member's
// tips link and a contact's waitlist link alike; the admin preview answers 401/403 to others and
// is the only page our own pages may frame.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { contacts, profiles, users } from "#db/schema/index.ts";
import { apiRoutes } from "#server/api.ts";
import { createApp } from "#server/app.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { db } from "#app/lib/db.server.ts";
import { memberTipsOneClickUrl } from "#app/modules/growing-tips/member-tips-links.server.ts";
import { oneClickUnsubscribeUrl } from "#app/modules/waitlist/contact-links.server.ts";
import { loader as previewLoader } from "#app/routes/admin/tips-preview.ts";

const SITE = "https://patch.test";
let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase({ SITE_URL: SITE });
});
afterAll(async () => {
  await t.close();
});

const oneClick = (url: string) =>
  apiRoutes().request(url.replace(`${SITE}/api`, ""), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });

test("one-click unsubscribe works for a member's tips link and a contact's link", async () => {
  const userId = crypto.randomUUID();
  await db()
    .insert(users)
    .values({ id: userId, name: "", email: "ruru@example.nz", emailVerified: true });
  await db().insert(profiles).values({ id: userId });
  const contactId = crypto.randomUUID();
  await db().insert(contacts).values({
    id: contactId,
    email: "ruru.two@example.nz",
    region: "Otago",
    confirmedAt: new Date(),
  });

  const member = await oneClick(memberTipsOneClickUrl(userId));
  expect(member.status).toBe(200);
  expect(await member.json()).toEqual({ ok: true });
  const [profile] = await db().select().from(profiles).where(eq(profiles.id, userId));
  expect(profile?.tipsOptedOutAt).toBeInstanceOf(Date);

  const contact = await oneClick(oneClickUnsubscribeUrl(contactId));
  expect(contact.status).toBe(200);
  const [row] = await db().select().from(contacts).where(eq(contacts.id, contactId));
  expect(row?.unsubscribedAt).toBeInstanceOf(Date);

  // Pressing again is harmless; a forged token is refused.
  expect((await oneClick(memberTipsOneClickUrl(userId))).status).toBe(200);
  expect((await oneClick(`${SITE}/api/unsubscribe?token=forged.token`)).status).toBe(400);
});

test("the preview is for admins only and may be framed by our own pages alone", async () => {
  const res = (await previewLoader({
    request: new Request(`${SITE}/admin/tips/preview?month=2026-12&zone=warm-north`),
  } as never)) as Response;
  expect(res.status).toBe(401);

  const app = createApp({ settings: t.settings });
  const framed = await app.request("/admin/tips/preview");
  expect(framed.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
  expect(framed.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  const other = await app.request("/admin/tips");
  expect(other.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(other.headers.get("x-frame-options")).toBe("DENY");
});
