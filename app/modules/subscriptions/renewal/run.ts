// The renewal run (ADRs 032 and 064), every ten minutes and on demand: claims a dead run left are
// resumed first, then reminders, renewals and retries, batch after batch until none is left. Each
// renewal or retry batch is claim (one short transaction) → charge (no lock, no connection held)
// → record (one short transaction); see claim.ts, charge.ts and record.ts. Several lanes run such
// batches side by side, so one batch's slowest charge does not hold the whole run up.
import { db, type Database } from "#app/lib/db.server.ts";
import { log } from "#app/lib/log.server.ts";
import { countRenewals } from "#app/lib/metrics.server.ts";
import { defineCronJob } from "#app/lib/queue.server.ts";
import { savedCardProvider } from "#app/modules/payments/saved-cards.server.ts";
import { chargeClaims } from "./charge.ts";
import { claimRenewals, claimRetries, claimStale, type Claim } from "./claim.ts";
import { countOutcomes, recordClaims } from "./record.ts";
import { remindBatch } from "./reminders.ts";
import {
  emptyTally,
  RENEWAL_MESSAGES,
  type RenewalOptions,
  type RenewalTally,
  type Run,
} from "./rules.ts";

/** A live run records its claims within seconds; one older than this belongs to a dead run. */
const LEASE_MS = 5 * 60_000;

/** Charges one batch of claims outside any transaction and records what the provider said. */
export async function settleClaims(run: Run, claims: Claim[]) {
  await run.afterClaim?.(claims.length);
  const answers = await chargeClaims(run.provider, claims, run.concurrency);
  const out = await recordClaims(run.provider, claims, answers, run.now);
  const before = {
    charged: run.tally.charged + run.tally.retriesPaid,
    failed: run.tally.failed + run.tally.retriesFailed,
  };
  countOutcomes(run.tally, claims, out);
  // Counted for /metrics once the record transaction has committed.
  countRenewals(
    run.tally.charged + run.tally.retriesPaid - before.charged,
    run.tally.failed + run.tally.retriesFailed - before.failed,
  );
  return { answers, out };
}

async function eachBatch(
  run: Run,
  claim: (tx: Database, run: Run) => Promise<{ taken: number; claims: Claim[] }>,
): Promise<void> {
  for (;;) {
    const { taken, claims } = await db().transaction((tx) => claim(tx, run));
    if (taken === 0) return;
    await settleClaims(run, claims);
  }
}

/** Runs every due reminder, renewal and retry, batch after batch, until none is left. */
export async function runRenewals(options: RenewalOptions = {}): Promise<RenewalTally> {
  const now = options.now ?? new Date();
  const size = options.batchSize ?? 500;
  const tally = emptyTally();
  const provider = options.provider ?? savedCardProvider();
  if (!provider) throw new Error(RENEWAL_MESSAGES.noProvider);
  const run: Run = {
    now,
    size,
    tally,
    provider,
    concurrency: options.chargeConcurrency ?? 16,
    leaseMs: options.claimLeaseMs ?? LEASE_MS,
    ...(options.afterClaim ? { afterClaim: options.afterClaim } : {}),
  };
  for (;;) {
    const stale = await db().transaction((tx) => claimStale(tx, run));
    if (stale.length === 0) break;
    tally.resumed += stale.length;
    await settleClaims(run, stale);
    if (stale.length < size) break;
  }
  while ((await remindBatch({ now, size, tally })) > 0);
  // Lanes side by side, each claim → charge → record in turn: while one lane waits for its
  // slowest charge (a timeout and its retry take seconds), the others claim, charge and record
  // (SKIP LOCKED and the claim's own check keep two lanes off one subscription).
  const lanes = Math.max(1, options.lanes ?? 4);
  const inLanes = async (claim: Parameters<typeof eachBatch>[1]) => {
    // Every lane finishes (or fails) before the run answers; the first failure is the run's.
    const done = await Promise.allSettled(
      Array.from({ length: lanes }, () => eachBatch(run, claim)),
    );
    const failed = done.find((d) => d.status === "rejected");
    if (failed) throw failed.reason;
  };
  await inLanes(claimRenewals);
  await inLanes(claimRetries);
  return tally;
}

export const renewSubscriptionsJob = defineCronJob({
  name: "subscriptions.renew",
  cron: "*/10 * * * *",
  retryLimit: 5,
  run: async () => {
    const tally = await runRenewals();
    if (Object.values(tally).some((n) => n > 0)) log.info({ tally }, "subscription renewals");
  },
});
