// The garden schedule figure (issue 23): "the personal schedule for 100,000 gardens regenerated
// after a library edit", floor 5 min, goal 1 min. `npm run bench -- garden-schedule`.
// Schedules are worked out when read, never stored (ADR 039), so a library edit needs no run of
// its own; this measures what recomputing every garden's 12-month schedule costs, through the same
// code a read uses (`scheduleOfSaved`), batch-wise: keyset pages of BENCH_BATCH (1,000) gardens
// with their addresses, each garden's jobs from the edited library. Beside it, measured in the same
// run: the plain bulk insert of the same 100,000 garden rows, and the same count read one member at
// a time through getGardenSchedule (a sample, scaled up, labelled as such). On PostgreSQL, in a
// database of its own (BENCH_DATABASE, default bench_h24garden, on BENCH_ADMIN_URL), dropped after.
import { asc, eq, gt } from "drizzle-orm";
import pg from "pg";
import { gardens, profiles } from "#db/schema/index.ts";
import { db, openDatabase, setDatabase } from "#app/lib/db.server.ts";
import { parseSettings, setSettings } from "#app/lib/env.server.ts";
import { BOX_GRIDS, BOX_SIZES } from "#app/modules/garden/garden.schema.ts";
import {
  getGardenSchedule,
  savedGardenColumns,
  scheduleOfSaved,
} from "#app/modules/garden/get-garden-schedule.server.ts";
import { loadPlantLibrary } from "#app/modules/garden/plant-library.server.ts";
import { loadTowns } from "#app/modules/garden/towns.server.ts";
import { parseIsoDate } from "#app/modules/guidance/new-zealand-date.ts";
import { printTable } from "./lib.ts";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const NAME = process.env.BENCH_DATABASE ?? "bench_h24garden";
const GARDENS = Number(process.env.BENCH_GARDENS ?? 100_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
const ONE_BY_ONE = Math.min(GARDENS, Number(process.env.BENCH_ONE_BY_ONE ?? 2000));
const TODAY = parseIsoDate("2026-09-01");
const url = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${NAME}`;
  return u.toString();
})();
const ms = (from: number) => Math.round(performance.now() - from);
const seconds = (n: number) => (n / 1000).toFixed(1);

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
try {
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.query(`create database ${NAME}`);
  setSettings(parseSettings({ APP_ENV: "test", DATABASE_URL: url, LOG_LEVEL: "silent" }));
  const handle = await openDatabase(url, 4);
  setDatabase(handle);
  await handle.migrate();
  const pool = handle.pool!;

  // Members across every town of the table, a few with a region only.
  const towns = loadTowns();
  await pool.query(
    `insert into users (id, name, email, email_verified)
     select 'g' || i, 'Gardener ' || i, 'g' || i || '@example.nz', true
     from generate_series(1, $1) as i`,
    [GARDENS],
  );
  await pool.query(
    `insert into profiles (id, address)
     select 'g' || i, case when i % 10 = 0 then jsonb_build_object('state', t.region)
                      else jsonb_build_object('city', t.name, 'state', t.region) end
     from generate_series(1, $1) as i
     join (select * from unnest($2::text[], $3::text[]) with ordinality as t(name, region, n)) t
       on t.n = i % $4 + 1`,
    [GARDENS, towns.map((t) => t.name), towns.map((t) => t.region), towns.length],
  );

  // Plans of every box size, two in three squares planted from the whole library.
  const library = loadPlantLibrary();
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const rows = Array.from({ length: GARDENS }, (_, i) => {
    const boxSize = BOX_SIZES[i % BOX_SIZES.length]!;
    const { columns, rows: height } = BOX_GRIDS[boxSize];
    const squares = Array.from({ length: columns * height }, () =>
      random() < 0.67 ? [library[Math.floor(random() * library.length)]!.id] : [],
    );
    return {
      userId: `g${i + 1}`,
      boxSize,
      columns,
      rows: height,
      squares: JSON.stringify(squares),
    };
  });

  // The reference: the same 100,000 garden rows as one plain bulk insert, 10,000 to a statement.
  const insertStarted = performance.now();
  for (let i = 0; i < rows.length; i += 10_000) {
    const part = rows.slice(i, i + 10_000);
    await pool.query(
      `insert into gardens (user_id, box_size, columns, rows, squares)
       select * from unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::jsonb[])`,
      [
        part.map((r) => r.userId),
        part.map((r) => r.boxSize),
        part.map((r) => r.columns),
        part.map((r) => r.rows),
        part.map((r) => r.squares),
      ],
    );
  }
  const insertMs = ms(insertStarted);
  await pool.query("analyze");

  // The library edit: tomatoes now take a week longer to crop (every tomato's harvest moves).
  const edited = new Map(
    library.map((p) => [
      p.id,
      p.id === "tomato"
        ? { ...p, daysToHarvest: { ...p.daysToHarvest, min: p.daysToHarvest.min + 7 } }
        : p,
    ]),
  );

  // Every garden's schedule again, batch-wise: keyset pages, one query each.
  const started = performance.now();
  let readMs = 0;
  let scheduled = 0;
  let jobs = 0;
  let last = "";
  for (;;) {
    const readStarted = performance.now();
    const page = await db()
      .select({ userId: gardens.userId, ...savedGardenColumns })
      .from(gardens)
      .leftJoin(profiles, eq(profiles.id, gardens.userId))
      .where(gt(gardens.userId, last))
      .orderBy(asc(gardens.userId))
      .limit(BATCH);
    readMs += performance.now() - readStarted;
    if (page.length === 0) break;
    for (const row of page) {
      const schedule = scheduleOfSaved(row, edited, TODAY);
      if (schedule.kind === "schedule") {
        scheduled += 1;
        jobs += schedule.tasks.length;
      }
    }
    last = page.at(-1)!.userId;
  }
  const batchMs = ms(started);

  // As a page read does it: one garden at a time (a sample, scaled up to the whole count).
  const oneStarted = performance.now();
  for (let i = 1; i <= ONE_BY_ONE; i++) await getGardenSchedule({ userId: `g${i}`, today: TODAY });
  const oneMs = ms(oneStarted);
  const oneScaled = Math.round((oneMs * GARDENS) / ONE_BY_ONE);

  printTable(
    `Garden schedules after a library edit, ${GARDENS.toLocaleString("en-NZ")} gardens on PostgreSQL (floor 5 min, goal 1 min)`,
    [
      {
        run: `batch-wise, ${BATCH} a page: every schedule recomputed`,
        seconds: seconds(batchMs),
        "of which reading s": seconds(readMs),
        gardens: scheduled,
        jobs,
      },
      {
        run: `one garden a query (getGardenSchedule), ${ONE_BY_ONE} scaled to ${GARDENS}`,
        seconds: seconds(oneScaled),
        "of which reading s": "",
        gardens: ONE_BY_ONE,
        jobs: "",
      },
      {
        run: `reference: plain bulk insert of the ${GARDENS} garden rows`,
        seconds: seconds(insertMs),
        "of which reading s": "",
        gardens: GARDENS,
        jobs: "",
      },
    ],
  );
  await handle.close();
  setDatabase(undefined);
} finally {
  await admin.query(`drop database if exists ${NAME} with (force)`).catch(() => undefined);
  await admin.end();
}
