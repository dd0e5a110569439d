// A saved-card provider that keeps a ledger, for the renewal tests and the benchmark: it answers
// as the demo provider does and, like Stripe, a key it has seen gets the first answer back
// (never a second charge). The ledger counts every request and every distinct charge, so a test
// can say "exactly one charge per subscription and period".
import {
  demoSavedCards,
  type OffSessionCharge,
  type SavedCardProvider,
} from "#app/modules/payments/saved-cards.server.ts";

export interface LedgerEntry {
  charge: OffSessionCharge;
  result: Awaited<ReturnType<SavedCardProvider["chargeSavedCard"]>>;
}

export interface ChargeLedger extends SavedCardProvider {
  /** Each distinct idempotency key once, with its answer. */
  readonly byKey: Map<string, LedgerEntry>;
  /** Every request, repeats included. */
  requests: number;
  /** The successful charges, one per distinct key. */
  paid(): LedgerEntry[];
  /** Make the next charges fail with an error (a lost connection) after the provider took them. */
  failAfterCharging: number;
  /** Refunds asked for, by idempotency key: the charge's reference each. */
  readonly refunds: Map<string, string>;
}

export function chargeLedger(inner: SavedCardProvider = demoSavedCards): ChargeLedger {
  const ledger: ChargeLedger = {
    name: inner.name,
    byKey: new Map(),
    requests: 0,
    failAfterCharging: 0,
    refunds: new Map(),
    refundCharge(reference, key) {
      if (!ledger.refunds.has(key)) ledger.refunds.set(key, reference);
      return Promise.resolve();
    },
    saveCard: (card, owner, now) => inner.saveCard(card, owner, now),
    async chargeSavedCard(charge) {
      ledger.requests++;
      let entry = ledger.byKey.get(charge.idempotencyKey);
      if (!entry) {
        entry = { charge, result: await inner.chargeSavedCard(charge) };
        ledger.byKey.set(charge.idempotencyKey, entry);
      }
      if (ledger.failAfterCharging > 0) {
        ledger.failAfterCharging--;
        throw new Error("connection lost after the charge was taken");
      }
      return entry.result;
    },
    paid: () => [...ledger.byKey.values()].filter((e) => e.result.ok),
  };
  return ledger;
}
