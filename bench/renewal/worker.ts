// A renewal worker for the benchmark: runs the renewal engine on the bench database until nothing
// is due, then prints its tally as JSON and exits. The benchmark SIGKILLs it at random points.
import { runRenewals } from "#app/modules/subscriptions/renewal/index.ts";
import { durableLedger, openBenchApp, REAL_WORLD } from "./engine.ts";

const [url, nowIso, mode] = process.argv.slice(2);
await openBenchApp(url!);
const { provider } = durableLedger(url!, mode === "latency" ? REAL_WORLD : undefined);
// The benchmark times its kill from here, so it lands in the work rather than in the start-up.
process.stdout.write("ready\n");
const tally = await runRenewals({
  now: new Date(nowIso!),
  provider,
  batchSize: 500,
  chargeConcurrency: mode === "latency" ? 96 : 16,
  // The worker before this one was SIGKILLed: its claims are resumed at once.
  claimLeaseMs: 0,
});
process.stdout.write(`${JSON.stringify(tally)}\n`);
process.exit(0);
