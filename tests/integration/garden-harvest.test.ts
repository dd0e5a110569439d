// The harvest log through /garden's loader and action on a real database: a refused picking is
// the page again with a 400, the server's words beside each field and what was typed; a recorded
// one redirects back to the log; a member can't delete another member's picking (404, nothing
// changes) but deletes their own; the box seedlings' press with no shipped box changes nothing.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import { gardens, harvests } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { HARVEST_MESSAGES } from "#app/modules/garden/harvest-log.ts";
import { isoDate, todayInNewZealand } from "#app/modules/guidance/new-zealand-date.ts";
import { PLACE_SEEDLINGS_MESSAGES } from "#app/modules/garden/place-box-seedlings.server.ts";
import { action, loader } from "#app/routes/garden.tsx";
import { requestMetas, signedInAccount } from "#tests/factories/accounts.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";

const SITE = "https://patch.test";
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

function args(request: Request) {
  const context = new RouterContextProvider();
  context.set(requestInfo, {
    nonce: "",
    requestId: "test",
    clientIp: "203.0.113.19",
    sharedPage: false,
  });
  return { request, context, params: {} } as never;
}

/** Posts to /garden's action: a redirect's status and place, or the page data and its status. */
async function post(cookie: string, fields: Record<string, string>) {
  try {
    const result = (await action(
      args(
        new Request(`${SITE}/garden`, {
          method: "POST",
          headers: { cookie },
          body: new URLSearchParams(fields),
        }),
      ),
    )) as unknown;
    const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, ...data };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("Location") };
  }
}

const today = isoDate(todayInNewZealand());
const harvest = (fields: Record<string, string> = {}) => ({
  intent: "harvest-add",
  plantId: "radish",
  pickedOn: today,
  amount: "bowlful",
  grams: "",
  note: "",
  ...fields,
});

test("record, refuse, delete: a member's own log only", async () => {
  const aroha = await signedInAccount({
    email: "aroha.harvest@example.nz",
    password: "pōhutukawa in full flower",
    meta: requestMetas("203.0.114")(),
  });
  const mere = await signedInAccount({
    email: "mere.harvest@example.nz",
    password: "kōwhai by the stream bank",
    meta: requestMetas("203.0.115")(),
  });

  const refused = await post(aroha.cookie, harvest({ plantId: "triffid", grams: "12", note: "x" }));
  expect(refused).toMatchObject({
    status: 400,
    intent: "harvest-add",
    ok: false,
    fieldErrors: { plantId: HARVEST_MESSAGES.plant },
    values: { plantId: "triffid", grams: "12", note: "x" },
  });
  expect(await post(aroha.cookie, harvest({ amount: "grams", grams: "heaps" }))).toMatchObject({
    status: 400,
    fieldErrors: { grams: HARVEST_MESSAGES.grams },
  });

  expect(await post(aroha.cookie, harvest({ note: "Crisp" }))).toMatchObject({
    status: 302,
    location: "/garden#harvest-log",
  });
  await post(mere.cookie, harvest({ plantId: "rocket" }));

  const page = (await loader(
    args(new Request(`${SITE}/garden`, { headers: { cookie: aroha.cookie } })),
  )) as { harvest: { entries: { id: string; plantId: string; note: string | null }[] } };
  expect(page.harvest.entries).toMatchObject([{ plantId: "radish", note: "Crisp" }]);

  const [theirs] = await db().select().from(harvests).where(eq(harvests.userId, mere.id));
  expect(
    await post(aroha.cookie, { intent: "harvest-delete", harvestId: theirs!.id }),
  ).toMatchObject({ status: 404, ok: false, message: HARVEST_MESSAGES.notFound });
  expect(await db().select().from(harvests).where(eq(harvests.userId, mere.id))).toHaveLength(1);

  expect(
    await post(aroha.cookie, { intent: "harvest-delete", harvestId: page.harvest.entries[0]!.id }),
  ).toMatchObject({ status: 302, location: "/garden#harvest-log" });
  expect(await db().select().from(harvests).where(eq(harvests.userId, aroha.id))).toEqual([]);

  // No shipped box: the press says so and saves no plan.
  expect(await post(aroha.cookie, { intent: "place-seedlings" })).toMatchObject({
    status: 409,
    ok: false,
    message: PLACE_SEEDLINGS_MESSAGES.none,
  });
  expect(await db().select().from(gardens).where(eq(gardens.userId, aroha.id))).toEqual([]);
});
