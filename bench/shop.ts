// The shop's figures (issue 6): 200 concurrent checkouts for the last 10 units, repeated for 20
// seeds on PostgreSQL (BENCH_ADMIN_URL, default 127.0.0.1:5432) and on embedded PGlite: exactly 10
// orders and stock never below 0 each time. Then /products and /product/{id} rendered by the
// built server at 200 requests per second (p99).
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { orderItems, products } from "#db/schema/index.ts";
import { openDatabase, setDatabase, type DatabaseHandle } from "#app/lib/db.server.ts";
import { parseSettings, setSettings } from "#app/lib/env.server.ts";
import { setLogLevel } from "#app/lib/log.server.ts";
import { createQueues, startQueue, stopQueue } from "#app/lib/queue.server.ts";
import { placeOrder } from "#app/flows/place-order.server.ts";
import { expireOrderJob } from "#app/modules/orders/expire-order.server.ts";
import { sendOrderConfirmationJob } from "#app/modules/orders/send-order-confirmation.server.ts";
import { testCard } from "#tests/factories/cards.ts";
import { buildProduct } from "#tests/factories/products.ts";
import { constantRate, printTable, startServer } from "./lib.ts";

const BUYERS = Number(process.env.BENCH_BUYERS ?? 200);
const UNITS = Number(process.env.BENCH_UNITS ?? 10);
const SEEDS = Number(process.env.BENCH_SEEDS ?? 20);
const adminUrl = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

setLogLevel("silent");

/** A small seeded PRNG (mulberry32): each seed shuffles who arrives when. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function race(handle: DatabaseHandle, seed: number) {
  const random = rng(seed);
  const p = buildProduct({ stockQuantity: UNITS, price: 1000 });
  await handle.db.insert(products).values(p);
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: BUYERS }, async (_, i) => {
      // Arrivals spread over a few milliseconds, in a seeded order.
      await new Promise((r) => setTimeout(r, Math.floor(random() * 5)));
      // Different people (address and e-mail), so the checkout's per-buyer limits don't apply.
      return placeOrder(
        {
          idempotencyKey: randomUUID(),
          name: "Bench",
          email: `bench${i}@example.nz`,
          address: { street: "1 Bench St", city: "Hamilton", region: "Waikato", postcode: "3204" },
          shippingMethod: "standard",
          items: [{ productId: p.id, quantity: 1, price: 1000 }],
          card: testCard("success"),
        },
        { ip: `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}` },
      );
    }),
  );
  const ms = Math.round(performance.now() - started);
  const [row] = await handle.db.select().from(products).where(eq(products.id, p.id!));
  const sold = await handle.db.select().from(orderItems).where(eq(orderItems.productId, p.id!));
  return {
    seed,
    ok: results.filter((r) => r.ok).length,
    refused: results.filter((r) => !r.ok && r.code === "conflict").length,
    other: results.filter((r) => !r.ok && r.code !== "conflict").length,
    unitsSold: sold.reduce((s, l) => s + l.quantity, 0),
    stockLeft: row?.stockQuantity ?? NaN,
    ms,
  };
}

async function engine(label: string, url: string, poolSize: number) {
  const settings = parseSettings({
    APP_ENV: "test",
    DATABASE_URL: url,
    LOG_LEVEL: "silent",
    DATABASE_POOL_SIZE: String(poolSize),
  });
  setSettings(settings);
  const handle = await openDatabase(url, poolSize);
  setDatabase(handle);
  await handle.migrate();
  await startQueue(handle, { connectionString: url });
  await createQueues([expireOrderJob, sendOrderConfirmationJob] as never);
  const rows = [];
  for (let seed = 1; seed <= SEEDS; seed++) rows.push(await race(handle, seed));
  await stopQueue();
  await handle.close();
  const correct = rows.every((r) => r.ok === UNITS && r.unitsSold === UNITS && r.stockLeft === 0);
  printTable(
    `${label}: ${BUYERS} concurrent checkouts for the last ${UNITS} units, ${SEEDS} seeds (${correct ? "all correct" : "WRONG"})`,
    rows,
  );
  return correct;
}

const dbName = "patch_bench_shop";
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
const pgUrl = new URL(adminUrl);
pgUrl.pathname = `/${dbName}`;
const pgOk = await engine("PostgreSQL", pgUrl.toString(), 20);
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.end();
const liteOk = await engine("PGlite (in memory)", "memory://", 1);

const server = await startServer({}, { quiet: true });
try {
  const rows = [];
  // Everyone, new visitor or signed-in member, is sent the public-page cache's copy (ADRs 013,
  // 015; a member's header is filled in by the browser). A page nobody asked for in the last 5 s
  // (here: a new query string on every request) is rendered: the third row.
  const visitors = [
    ["new visitor (page cache)", (url: string) => url, undefined],
    [
      "signed-in member (page cache)",
      (url: string) => url,
      () => ({ headers: { cookie: "patch.session_token=bench.member; patch.member=1" } }),
    ],
    ["rendered every time (new query)", (url: string) => (i: number) => `${url}?r=${i}`, undefined],
  ] as const;
  for (const path of ["/products", "/product/family-grow-box-kit"]) {
    for (const [visitor, urlFor, init] of visitors) {
      const url = urlFor(server.url + path);
      await constantRate({ url, rate: 50, durationSeconds: 2, init }); // warm-up
      const r = await constantRate({ url, rate: 200, durationSeconds: 10, init });
      rows.push({ path, visitor, ...r, "p99 < 100 ms": r.p99 < 100 ? "met" : "MISSED" });
    }
  }
  printTable("Server-rendered shop pages at 200 requests per second (PGlite, ms)", rows);
} finally {
  await server.stop();
}
if (!pgOk || !liteOk) process.exitCode = 1;
