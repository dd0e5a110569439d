// Paid boxes (ADR 032): their records as every paid box's (record-box-charges.server.ts: the
// order, the box charged, the credit, the history), the period moved on and the receipt queued. A
// past_due subscription runs again; one cancelled or paused while its claimed box was being
// charged keeps that status (the box was past its cutoff when claimed, so it is sent, and the
// cancel or pause takes effect from the next box: ADR 064).
import type { Database } from "#app/lib/db.server.ts";
import {
  recordBoxCharges,
  type BoxCharge,
} from "#app/modules/subscriptions/record-box-charges.server.ts";
import { queueEmails } from "./emails.ts";
import { recordEvents } from "./history.ts";
import { advancePeriods } from "./periods.ts";
import { chargeKey } from "./rules.ts";

export async function recordPaid(
  tx: Database,
  paid: readonly Omit<BoxCharge, "creditKey">[],
  now: Date,
): Promise<void> {
  if (paid.length === 0) return;
  await recordBoxCharges(
    tx,
    paid.map((p) => ({ ...p, creditKey: chargeKey(p.sub.id, p.box.deliverOn, 1) })),
    now,
  );
  await advancePeriods(
    tx,
    paid.map(({ sub, box }) => ({
      sub,
      on: box.deliverOn,
      status: sub.status === "past_due" ? ("active" as const) : sub.status,
    })),
    now,
  );
  await recordEvents(
    tx,
    paid
      .filter(({ sub }) => sub.status === "past_due")
      .map(({ sub, box }) => ({
        subscriptionId: sub.id,
        type: "status",
        fromStatus: sub.status,
        toStatus: "active" as const,
        data: { event: "payment_succeeded", box: box.deliverOn },
      })),
    now,
  );
  await queueEmails(
    tx,
    paid.map(({ box, attempt }) => ({ boxId: box.id, kind: "charged", attempt })),
  );
}
