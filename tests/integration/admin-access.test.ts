// The admin rule end to end: /admin redirects non-admins home with the spec's toast, anonymous
// visitors to /login; the JSON endpoint answers 401/403; an unverified admin address is no admin.
// (How an admin address gets its rights, ADR 020, is tested in accounts.server.test.ts.)
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { users } from "#db/schema/index.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { db } from "#app/lib/db.server.ts";
import { loader as adminStats } from "#app/routes/admin/stats.ts";
import { accountsAuth } from "#app/modules/accounts/accounts-auth.server.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { grantAdminRightsIfListed } from "#app/modules/accounts/grant-admin-rights.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { signIn } from "#app/modules/accounts/sign-in.server.ts";

const SITE = "https://patch.test";
const PASSWORD = "kakapo boom in the night";
let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase({ SITE_URL: SITE, MAIL_OUTBOX_DIR: "/tmp/patch-admin-test-mail" });
});
afterAll(async () => {
  await t.close();
});

async function cookieFor(email: string, verified = true): Promise<string> {
  await accountsAuth().api.signUpEmail({ body: { email, password: PASSWORD, name: "" } });
  const [user] = await db()
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, email))
    .returning();
  // Confirmed by its owner, as the link or a reset would: an admin address gets its rights.
  await grantAdminRightsIfListed(user!);
  const outcome = await signIn({
    input: { email, password: PASSWORD },
    meta: { request: new Request(`${SITE}/auth`), clientIp: "203.0.113.20" },
  });
  if (!outcome.ok) throw new Error(outcome.message);
  if (!verified)
    await db().update(users).set({ emailVerified: false }).where(eq(users.email, email));
  return outcome.cookies.map((c) => c.split(";")[0]).join("; ");
}

const request = (path: string, cookie?: string) =>
  new Request(`${SITE}${path}`, { headers: cookie ? { cookie } : {} });
const stats = (cookie?: string) =>
  adminStats({ request: request("/admin/stats", cookie) } as never) as unknown as Promise<{
    init: ResponseInit | null;
    data: unknown;
  }>;

test("anonymous: /admin goes to /login keeping the page; the endpoint answers 401", async () => {
  const redirect = await requireAdmin(request("/admin")).catch((r: Response) => r);
  expect(redirect).toBeInstanceOf(Response);
  expect((redirect as Response).headers.get("location")).toBe("/login?redirectTo=%2Fadmin");
  expect((await stats()).init?.status).toBe(401);
});

test("a signed-in non-admin goes home with the toast; the endpoint answers 403", async () => {
  const cookie = await cookieFor("gardener@example.nz");
  const redirect = (await requireAdmin(request("/admin", cookie)).catch(
    (r: Response) => r,
  )) as Response;
  expect(redirect.status).toBe(302);
  expect(redirect.headers.get("location")).toBe("/");
  expect(redirect.headers.get("set-cookie")).toMatch(/flash=/);
  expect((await stats(cookie)).init?.status).toBe(403);
});

test("an admin address counts only once verified", async () => {
  const cookie = await cookieFor("ops@example.com");
  expect((await requireAdmin(request("/admin", cookie))).isAdmin).toBe(true);
  expect((await stats(cookie)).data).toMatchObject({
    waitlistSize: 0,
    week: { orders: { thisWeek: 0, lastWeek: 0 }, waitlist: { thisWeek: 0, topRegions: [] } },
  });
  await db().update(users).set({ emailVerified: false }).where(eq(users.email, "ops@example.com"));
  expect((await getCurrentUser(request("/", cookie))).user?.isAdmin).toBe(false);
  expect((await stats(cookie)).init?.status).toBe(403);
});
