// Credits figures (issue 22, ADR 040): `npm run bench -- credits`. 1,000 concurrent credit and
// debit operations on one account through the real use-cases (500 grants of $1, 500 take-backs of
// $2 from a $5 start, so many take-backs must be refused for want of credit), on PostgreSQL with a
// pool of 20 connections; then the final balance against the one expected from the operations
// that succeeded, and whether the running balance, in the order the rows were written under the
// member's lock, ever went below zero. Beside it, as the reference measured in the same run, 1,000
// concurrent plain inserts into a table on the same pool. A fresh database on BENCH_ADMIN_URL
// (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
import { setDatabase } from "#app/lib/db.server.ts";
import { grantCredit } from "#app/modules/credits/grant-credit.server.ts";
import { takeBackCredit } from "#app/modules/credits/take-back-credit.server.ts";
import { benchDatabases, openUseCaseDatabase, printTable } from "./lib.ts";

const OPERATIONS = Number(process.env.BENCH_OPERATIONS ?? 1000);
const dbs = await benchDatabases("credits", ["db"] as const);
const url = dbs.url("db");
const ms = (from: number) => Math.round(performance.now() - from);

try {
  await dbs.dropAll();
  await dbs.create("db");
  const handle = await openUseCaseDatabase(url, 20);
  const pool = handle.pool!;
  // All 1,000 queue for the 20 connections at once: wait as long as that takes (the app's pool
  // gives up after 5 s, which is a server's answer to overload, not what is measured here).
  pool.options.connectionTimeoutMillis = 0;
  await pool.query(
    `insert into users (id, name, email, email_verified) values ('bench-member', 'Bench', 'bench@example.nz', true)`,
  );
  await pool.query(`create table bench_plain (id serial primary key, user_id text, amount int)`);
  const by = { id: "bench-admin" };
  const form = (amount: string) => ({
    userId: "bench-member",
    amount,
    reason: "Bench",
    requestKey: crypto.randomUUID(),
  });
  await grantCredit({ input: form("5"), admin: by });

  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: OPERATIONS }, (_, i) =>
      i % 2 === 0
        ? grantCredit({ input: form("1"), admin: by })
        : takeBackCredit({ input: form("2"), admin: by }),
    ),
  );
  const creditMs = ms(started);
  const granted = outcomes.filter((o, i) => i % 2 === 0 && o.ok).length;
  const taken = outcomes.filter((o, i) => i % 2 === 1 && o.ok).length;
  const refused = outcomes.filter((o) => !o.ok).length;
  const expected = 500 + granted * 100 - taken * 200;
  const { rows } = await pool.query<{ balance: number; lowest: number; rows: number }>(`
    select sum(amount)::int as balance, min(running)::int as lowest, count(*)::int as rows
    from (select amount, sum(amount) over (order by created_at, id) as running
          from credit_entries where user_id = 'bench-member') r`);
  const result = rows[0]!;

  const plainStarted = performance.now();
  await Promise.all(
    Array.from({ length: OPERATIONS }, (_, i) =>
      pool.query(`insert into bench_plain (user_id, amount) values ($1, $2)`, [
        "bench-member",
        i % 2 === 0 ? 100 : -200,
      ]),
    ),
  );
  const plainMs = ms(plainStarted);

  printTable(`${OPERATIONS} concurrent operations on one account (PostgreSQL, pool of 20)`, [
    {
      what: "credits: grant $1 / take back $2",
      "elapsed ms": creditMs,
      "per op ms": Math.round((creditMs / OPERATIONS) * 100) / 100,
      granted,
      "taken back": taken,
      "refused (409)": refused,
    },
    {
      what: "reference: plain inserts",
      "elapsed ms": plainMs,
      "per op ms": Math.round((plainMs / OPERATIONS) * 100) / 100,
      granted: "-",
      "taken back": "-",
      "refused (409)": "-",
    },
  ]);
  const exact = result.balance === expected;
  const neverBelow = result.lowest >= 0;
  printTable("Balance", [
    {
      "final (cents)": result.balance,
      "expected (cents)": expected,
      exact: exact ? "yes" : "NO",
      "lowest running balance": result.lowest,
      "ever below zero": neverBelow ? "no" : "YES",
      rows: result.rows,
    },
  ]);
  await handle.close();
  setDatabase(undefined);
  if (!exact || !neverBelow) process.exitCode = 1;
} finally {
  await dbs.end();
}
