// The member's credit for a box (ADR 040), decided when the box's charge is claimed: read under
// the members' credits locks in the claim's transaction and HELD on the box (boxes.credit_held),
// which every other spender's balance leaves out (credit-ledger.server.ts), so the credit is
// neither spent twice nor lost while the card is charged with no lock held. It becomes an
// 'applied_to_box' row when the payment is recorded, and is let go if the payment fails.
import { creditToUse } from "#app/modules/credits/credit-use.ts";
import type { Database } from "#app/lib/db.server.ts";
import { lockedBalances } from "#app/modules/credits/credit-ledger.server.ts";
import type { BoxRow, SubscriptionRow } from "#app/modules/subscriptions/box-contents.server.ts";

/** The credit each box's member has to pay it with, up to the box's amount (box id → cents). */
export async function creditFor(
  tx: Database,
  items: readonly { sub: SubscriptionRow; box: BoxRow }[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const held = await lockedBalances(
    tx,
    items.map((i) => i.sub.userId),
  );
  for (const { sub, box } of items) {
    const use = creditToUse(held.get(sub.userId) ?? 0, box.amount);
    if (use <= 0) continue;
    out.set(box.id, use);
    held.set(sub.userId, held.get(sub.userId)! - use);
  }
  return out;
}
