// Saving a garden plan (issue 23) on a real database, through /garden's loader and action: a
// member's plan starts from their subscription's box, saves, and comes back; a plan that doesn't
// fit the box, crowds a square or names an unknown plant is refused with a 400 and a reason a
// person can read, and nothing is saved; a visitor is sent to sign in. Next season's plan (ADR 045)
// through the same action: a hostile fingerprint is a 400, a stale one a 409, the real one saves.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import { gardens, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { exportMyData } from "#app/modules/accounts/export-my-data.server.ts";
import { GARDEN_MESSAGES } from "#app/modules/garden/garden.schema.ts";
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
    clientIp: "203.0.113.9",
    sharedPage: false,
  });
  return { request, context, params: {} } as never;
}

const load = (cookie = "") =>
  loader(args(new Request(`${SITE}/garden`, { headers: cookie ? { cookie } : {} })));

async function save(cookie: string, plan: unknown) {
  const result = (await action(
    args(
      new Request(`${SITE}/garden`, {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams({ plan: typeof plan === "string" ? plan : JSON.stringify(plan) }),
      }),
    ),
  )) as unknown;
  if (result && typeof result === "object" && "init" in result) {
    const { data, init } = result as { data: { ok: boolean; message: string }; init: ResponseInit };
    return { status: init.status ?? 200, ...data };
  }
  return { status: 200, ...(result as { ok: boolean; message: string }) };
}

test("a member's plan starts from their subscription's box, saves and comes back", async () => {
  const { id, cookie } = await signedInAccount({
    email: "kaka@example.nz",
    password: "kākā in the rimu tree",
    meta: requestMetas("203.0.113")(),
  });
  await db()
    .insert(subscriptions)
    .values({
      idempotencyKey: crypto.randomUUID(),
      userId: id,
      email: "kaka@example.nz",
      name: "Kākā",
      plan: "2m2",
      price: 6999,
      currency: "nzd",
      region: "Canterbury",
      address: {
        street: "1 Worcester St",
        city: "Christchurch",
        zip: "8011",
        country: "New Zealand",
      } as never,
      deliveryWeek: 1,
      currentPeriodStart: new Date(),
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      nextBoxOn: "2026-12-01",
      paymentProvider: "demo",
    });

  const first = await load(cookie);
  expect(first).toMatchObject({
    signedIn: true,
    plan: null,
    boxSize: "2m2",
    schedule: { kind: "no-plan" },
  });
  expect(first.boxPlants["2m2"]).toContain("buttercup-pumpkin");
  expect(first.templates.map((x) => x.id)).toContain("1m2-spring");

  const squares = Array.from({ length: 9 }, () => [] as string[]);
  squares[0] = ["cherry-tomato"];
  squares[1] = ["sweet-basil", "cos-lettuce"];
  expect(await save(cookie, { boxSize: "1m2", squares })).toEqual({
    status: 200,
    ok: true,
    message: "Saved to your account.",
  });
  const saved = await load(cookie);
  expect(saved).toMatchObject({ plan: { boxSize: "1m2", squares }, boxSize: "1m2" });
  // The saved plan's plants get their schedule ("Your schedule"), dated from today.
  expect(saved.schedule).toMatchObject({
    kind: "schedule",
    plants: ["Cherry tomato 'Sweet 100'", "Sweet basil", "Cos lettuce"],
  });
  if (saved.schedule.kind !== "schedule") throw new Error("expected a schedule");
  const { page } = saved.schedule;
  expect(page.count).toBeGreaterThan(0);
  const dates = [...page.weeks.flatMap((w) => w.tasks), ...page.year.flatMap((m) => m.days)];
  expect(dates.every((t) => t.date >= saved.today)).toBe(true);

  // Saving again replaces the plan: one a member.
  squares[2] = ["radish"];
  await save(cookie, { boxSize: "1m2", squares });
  const rows = await db().select().from(gardens).where(eq(gardens.userId, id));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ boxSize: "1m2", columns: 3, rows: 3, squares });
  // A new season remembers the last one, for rotation.
  const lastSeason = squares.map((s) => [...s]);
  const fresh = Array.from({ length: 9 }, () => [] as string[]);
  fresh[0] = ["capsicum"];
  expect(await save(cookie, { boxSize: "1m2", squares: fresh, lastSeason })).toMatchObject({
    ok: true,
  });
  expect(await load(cookie)).toMatchObject({ plan: { squares: fresh, lastSeason } });
  squares.splice(0, 9, ...fresh);
  // "Download my data" includes it.
  expect((await exportMyData(id))?.garden).toMatchObject({ boxSize: "1m2", squares });
});

test("plans that don't fit, crowd a square or name an unknown plant are refused, nothing saved", async () => {
  const { id, cookie } = await signedInAccount({
    email: "weka@example.nz",
    password: "weka by the woodpile",
    meta: requestMetas("198.51.100")(),
  });
  const nine = () => Array.from({ length: 9 }, () => [] as string[]);
  expect(await save(cookie, { boxSize: "1m2", squares: nine().slice(1) })).toEqual({
    status: 400,
    ok: false,
    message: GARDEN_MESSAGES.squares,
  });
  const crowded = nine();
  crowded[0] = ["radish", "carrot", "cos-lettuce"];
  expect(await save(cookie, { boxSize: "1m2", squares: crowded })).toMatchObject({
    status: 400,
    message: GARDEN_MESSAGES.crowded,
  });
  const unknown = nine();
  unknown[4] = ["triffid"];
  expect(await save(cookie, { boxSize: "1m2", squares: unknown })).toMatchObject({
    status: 400,
    message: GARDEN_MESSAGES.unknownPlant,
  });
  expect(await save(cookie, { boxSize: "3m2", squares: nine() })).toMatchObject({
    status: 400,
    message: GARDEN_MESSAGES.boxSize,
  });
  expect(await save(cookie, "{not json")).toMatchObject({ status: 400 });
  expect(
    await save(cookie, { boxSize: "1m2", squares: nine(), lastSeason: nine().slice(3) }),
  ).toMatchObject({ status: 400, message: GARDEN_MESSAGES.squares });
  expect(
    await save(cookie, { boxSize: "1m2", squares: nine(), lastSeason: unknown }),
  ).toMatchObject({ status: 400, message: GARDEN_MESSAGES.unknownPlant });
  expect(await db().select().from(gardens).where(eq(gardens.userId, id))).toEqual([]);
});

test("a visitor plans for free (temperate seasons, 1 m² box) but saving sends them to sign in", async () => {
  expect(await load()).toMatchObject({
    signedIn: false,
    plan: null,
    boxSize: "1m2",
    schedule: { kind: "signed-out" },
  });
  const refused = await action(
    args(
      new Request(`${SITE}/garden`, { method: "POST", body: new URLSearchParams({ plan: "{}" }) }),
    ),
  ).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(Response);
  expect((refused as Response).headers.get("location")).toBe("/login?redirectTo=%2Fgarden");
});

/** Posts a form with an intent to /garden's action: its status and body, or the redirect. */
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
    )) as { data: { ok: boolean; message?: string }; init: ResponseInit };
    return { status: result.init.status ?? 200, ...result.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, ok: true };
    throw thrown;
  }
}

test("next season's plan through /garden: offered on asking, hostile or stale posts refused", async () => {
  const { id, cookie } = await signedInAccount({
    email: "ruru@example.nz",
    password: "ruru calling at night",
    meta: requestMetas("203.0.114")(),
  });
  // No plan yet: nothing to offer, and accepting is a 404 with a reason.
  expect((await load(cookie)).nextSeason).toBeNull();
  expect(
    await post(cookie, { intent: "next-season-accept", basis: "0123456789abcdef" }),
  ).toMatchObject({
    status: 404,
    ok: false,
    message: "Save a plan with plants in it first: next season's plan moves them on.",
  });

  const squares = Array.from({ length: 9 }, () => [] as string[]);
  squares[0] = ["tomato"];
  squares[4] = ["carrot"];
  await save(cookie, { boxSize: "1m2", squares });
  const asked = await loader(
    args(new Request(`${SITE}/garden?next-season=1`, { headers: { cookie } })),
  );
  expect(asked.nextSeason).toMatchObject({ offered: true, columns: 3, leftOut: [] });
  const basis = asked.nextSeason!.basis;

  for (const hostile of ["", "x".repeat(5000), "0123456789ABCDEF", "\u0000", "' or 1=1 --"])
    expect(await post(cookie, { intent: "next-season-accept", basis: hostile })).toMatchObject({
      status: 400,
      ok: false,
    });
  expect(
    await post(cookie, { intent: "next-season-accept", basis: "fedcba9876543210" }),
  ).toMatchObject({ status: 409, ok: false });
  // The real one: saved, then sent back to the section with a toast.
  expect(await post(cookie, { intent: "next-season-accept", basis })).toEqual({
    status: 302,
    ok: true,
  });
  const [row] = await db().select().from(gardens).where(eq(gardens.userId, id));
  expect(row!.lastSeason).toEqual(squares);
  expect(row!.squares).not.toEqual(squares);
});
