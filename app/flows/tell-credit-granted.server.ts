// /admin/credits' grant tells the member (issue 40): the goodwill row and the credit e-mail's job
// (credit-granted-email.server.ts, the one a subscription page's credit sends too) written in one
// transaction, the e-mail sent at most once per credit row (key credit-granted:<entry id>, ADR 005).
import { eq } from "drizzle-orm";
import { creditEntries, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { z } from "#app/lib/zod.ts";
import type {
  AdminCreditRequest,
  CreditChangeOutcome,
} from "#app/modules/credits/admin-credit-change.server.ts";
import {
  creditGrantedEmail,
  creditGrantedWords,
} from "#app/modules/credits/credit-granted-email.server.ts";
import { grantCredit } from "#app/modules/credits/grant-credit.server.ts";
import {
  defineSendJob,
  deliverEmailOnce,
  type DeliveryResult,
} from "#app/modules/notifications/deliver-once.server.ts";

export const creditGrantedPayload = z.object({ entryId: z.uuid() });

export async function sendCreditGranted(
  payload: z.infer<typeof creditGrantedPayload>,
): Promise<DeliveryResult | "skipped"> {
  const [row] = await db()
    .select({
      userId: creditEntries.userId,
      amount: creditEntries.amount,
      note: creditEntries.note,
      email: users.email,
      name: users.name,
    })
    .from(creditEntries)
    .innerJoin(users, eq(users.id, creditEntries.userId))
    .where(eq(creditEntries.id, payload.entryId));
  if (!row) return "skipped";
  const said = creditGrantedWords(formatMoney(row.amount, settings().currency), row.note ?? "");
  return deliverEmailOnce({
    key: `credit-granted:${payload.entryId}`,
    template: "credit-granted",
    to: row.email,
    resourceType: "user",
    resourceId: row.userId,
    message: () => creditGrantedEmail(row.email, row.name, said),
  });
}

export const sendCreditGrantedJob = defineSendJob(
  "credits.send-granted",
  creditGrantedPayload,
  sendCreditGranted,
);

/**
 * /admin/credits' grant: the goodwill row and its e-mail to the member, queued in one transaction
 * (a retried submit finds its row, and the e-mail is still sent once).
 */
export function grantCreditAndTell(
  request: Omit<AdminCreditRequest, "tx">,
): Promise<CreditChangeOutcome> {
  return db().transaction(async (tx) => {
    const granted = await grantCredit({ ...request, tx });
    if (!granted.ok) return granted;
    await enqueue(
      tx,
      sendCreditGrantedJob,
      { entryId: granted.entryId },
      { singletonKey: `credit-granted:${granted.entryId}` },
    );
    return { ...granted, message: `${granted.message} We've e-mailed them the amount and reason.` };
  });
}
