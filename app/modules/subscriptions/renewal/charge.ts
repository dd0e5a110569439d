// Step 2 of a charge (ADR 064): the provider call, made after the claim committed, with no row
// lock and no pooled connection held. Each claim is charged with its own idempotency key (the one
// written on the box before this call), a few at a time; a box its credit pays in full is paid
// without the card. A call that throws (a timeout, a 5xx) is tried again with the same key, which
// the provider answers with the first call's outcome if it took it; one that still throws is left
// claimed, unanswered, for the next run to resume.
import { log } from "#app/lib/log.server.ts";
import { failure } from "#app/lib/outcome.ts";
import type { SavedCardProvider } from "#app/modules/payments/saved-cards.server.ts";
import type { Claim } from "./claim.ts";
import { creditReference } from "./rules.ts";

/** A claim's outcome: the provider's answer, or none (still claimed, resumed later). */
export type Answer =
  Awaited<ReturnType<SavedCardProvider["chargeSavedCard"]>> | { unanswered: true };

const TRIES = 3;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function chargeOne(provider: SavedCardProvider, claim: Claim): Promise<Answer> {
  const { sub, box, charge } = claim;
  if (box.amount - claim.credit <= 0)
    return { ok: true, reference: creditReference(sub.id, box.deliverOn) };
  if (!charge) return failure("not-found", "There's no saved card for this subscription.");
  for (let tried = 1; ; tried++) {
    try {
      // Exactly what the claim recorded: a resume after a card or plan change asks the same.
      return await provider.chargeSavedCard({ ...charge, idempotencyKey: claim.key });
    } catch (error) {
      if (tried >= TRIES) {
        log.warn({ err: error, key: claim.key }, "renewal charge unanswered; left claimed");
        return { unanswered: true };
      }
      await pause(100 * 2 ** tried);
    }
  }
}

/** Every claim's answer, in order, with at most `concurrency` provider calls in flight. */
export async function chargeClaims(
  provider: SavedCardProvider,
  claims: readonly Claim[],
  concurrency: number,
): Promise<Answer[]> {
  const answers = new Array<Answer>(claims.length);
  let next = 0;
  const worker = async () => {
    while (next < claims.length) {
      const i = next++;
      answers[i] = await chargeOne(provider, claims[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return answers;
}
