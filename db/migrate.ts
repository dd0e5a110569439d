// `npm run db:migrate`: applies the committed migrations to DATABASE_URL (the server also does
// this at start). Runs on Node 24 directly.
import { openDatabase } from "#app/lib/db.server.ts";
import { loadDotEnv, parseSettings, SettingsError } from "#app/lib/env.server.ts";

try {
  loadDotEnv();
  const settings = parseSettings();
  const handle = await openDatabase(settings.databaseUrl, 2);
  await handle.migrate();
  await handle.close();
  process.stdout.write(`Migrations applied to ${handle.kind} database.\n`);
} catch (error) {
  process.stderr.write(`${error instanceof SettingsError ? error.message : String(error)}\n`);
  process.exit(1);
}
