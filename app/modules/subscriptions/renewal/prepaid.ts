// Prepaid subscriptions (a gift's, ADR 043: no card) whose credit no longer pays the box due: the
// box is not sent (unpaid, nothing charged) and the subscription ends (state machine:
// prepaid_over), with an e-mail saying so. No card is ever asked for behind the member's back.
import { inArray } from "drizzle-orm";
import { boxes } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";
import type { BoxRow, SubscriptionRow } from "#app/modules/subscriptions/box-contents.server.ts";
import { queueEmails } from "./emails.ts";
import { moveSubscriptions } from "./history.ts";
import { PREPAID_OVER } from "./rules.ts";

export async function endPrepaid(
  tx: Database,
  over: readonly { sub: SubscriptionRow; box: BoxRow }[],
  now: Date,
): Promise<void> {
  const ending = await moveSubscriptions(
    tx,
    over,
    { to: "ended", event: "prepaid_over", now },
    ({ box }) => ({ type: "status", data: { event: "prepaid_over", box: box.deliverOn } }),
  );
  if (ending.length === 0) return;
  await tx
    .update(boxes)
    .set({ status: "unpaid", lastError: PREPAID_OVER, nextAttemptAt: null, updatedAt: now })
    .where(
      inArray(
        boxes.id,
        ending.map((e) => e.box.id),
      ),
    );
  await queueEmails(
    tx,
    ending.map(({ box }) => ({ boxId: box.id, kind: "prepaid_over", attempt: 0 })),
  );
}
