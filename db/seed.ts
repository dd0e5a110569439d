// `npm run db:seed`: migrates, then loads the demo data (idempotent). Runs on Node 24 directly.
import { openDatabase } from "#app/lib/db.server.ts";
import { loadDotEnv, parseSettings, SettingsError } from "#app/lib/env.server.ts";
import { seedDemoData } from "./seed-data.ts";

try {
  loadDotEnv();
  const settings = parseSettings();
  const handle = await openDatabase(settings.databaseUrl, 2);
  await handle.migrate();
  await seedDemoData(handle.db, settings);
  await handle.close();
  process.stdout.write(`Demo data seeded into the ${handle.kind} database.\n`);
} catch (error) {
  process.stderr.write(`${error instanceof SettingsError ? error.message : String(error)}\n`);
  process.exit(1);
}
