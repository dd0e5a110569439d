// The profile's "Where you grow" (issue 23) through the /profile page's loader and action on a
// real database: a member whose address names a town in the table sees its frost dates; after
// moving to a town the table lacks, their region's main town, saying so.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import { users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { accountsAuth } from "#app/modules/accounts/accounts-auth.server.ts";
import { signIn } from "#app/modules/accounts/sign-in.server.ts";
import { action, loader } from "#app/routes/profile/details.tsx";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";

const SITE = "https://patch.test";
const PASSWORD = "kererū over the kōwhai";
let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase({
    SITE_URL: SITE,
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), "patch-mail-")),
  });
});
afterAll(async () => {
  await t.close();
});

async function member(email: string): Promise<string> {
  await accountsAuth().api.signUpEmail({ body: { email, password: PASSWORD, name: "" } });
  await db().update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const outcome = await signIn({
    input: { email, password: PASSWORD },
    meta: { request: new Request(`${SITE}/auth`), clientIp: "203.0.113.7" },
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.cookies.map((c) => c.split(";")[0]).join("; ");
}

function context() {
  const c = new RouterContextProvider();
  c.set(requestInfo, { nonce: "", requestId: "test", clientIp: "203.0.113.7", sharedPage: false });
  return c;
}

async function saveAddress(cookie: string, city: string, region: string) {
  await action({
    request: new Request(`${SITE}/profile?index`, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ intent: "save-profile", city, region }),
    }),
    context: context(),
    params: {},
  } as never);
}

async function growingPlace(cookie: string) {
  const page = await loader({
    request: new Request(`${SITE}/profile`, { headers: { cookie } }),
    context: context(),
    params: {},
  } as never);
  return page.growingPlace;
}

test("the profile shows the member's town's frost dates, then their region's main town", async () => {
  const cookie = await member("tui@example.nz");
  expect((await growingPlace(cookie)).basis).toBe("zone");

  await saveAddress(cookie, "Alexandra", "Otago");
  const alexandra = await growingPlace(cookie);
  expect(alexandra).toMatchObject({
    basis: "town",
    town: { name: "Alexandra", region: "Otago" },
    frost: { lastFrost: "11-25", firstFrost: "03-15" },
  });
  expect(alexandra.zone.id).toBe("cool-south");
  expect(alexandra.why).toMatch(
    /^In Alexandra the last spring frost comes on average about 25 November/,
  );

  await saveAddress(cookie, "Mosgiel", "Otago");
  const mosgiel = await growingPlace(cookie);
  expect(mosgiel).toMatchObject({ basis: "region", town: { name: "Dunedin" } });
  expect(mosgiel.why).toMatch(/^We don't have figures for Mosgiel yet, so we use Dunedin/);
});
