// A member's gifts in "Download my data" and in "Delete my account" (ADR 049). Both read the gifts
// table directly (accounts sits below the gifts area).
//
// The export: gifts they bought (signed in, or with their address) and gifts they redeemed, never
// a code, its hash or its last four. A gift someone bought them that they haven't redeemed is the
// buyer's, not theirs (it may be a surprise not sent yet), so it isn't in it.
//
// Deleting the account: money records are kept (seven years: the Tax Administration Act 1994,
// s 22), the personal parts go:
// - a gift they bought that is still open (paid, not redeemed or refunded) is a promise to its
//   recipient: it still goes on its day, and a refund still reaches the buyer, so only the link to
//   the account goes;
// - a gift they bought that is finished (redeemed or refunded) keeps what was paid, the plan and
//   the payment's reference; the buyer's name, address and message are replaced;
// - a gift they started but never paid for is deleted: no money moved;
// - a gift they redeemed keeps the redemption (the credit it became) under the account's bare id,
//   which now names no one; their delivery address and their name and address as its recipient go.
import { FORGOTTEN } from "#app/lib/forgotten.ts";
import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { gifts } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";

export { FORGOTTEN };

const boughtBy = (userId: string, email: string): SQL =>
  or(eq(gifts.buyerUserId, userId), sql`lower(${gifts.buyerEmail}) = lower(${email})`)!;

/** What both lists show of a gift: what it was and for whom (never its code). */
const giftFacts = {
  id: gifts.id,
  recipientName: gifts.recipientName,
  recipientEmail: gifts.recipientEmail,
  message: gifts.message,
  plan: gifts.plan,
  months: gifts.months,
  amount: gifts.amount,
  currency: gifts.currency,
};

export async function exportMemberGifts(userId: string, email: string) {
  const bought = await db()
    .select({
      ...giftFacts,
      status: gifts.status,
      boughtAt: gifts.createdAt,
      buyerName: gifts.buyerName,
      buyerEmail: gifts.buyerEmail,
      gst: gifts.gst,
      sendOn: gifts.sendOn,
      paymentReference: gifts.paymentReference,
      paidAt: gifts.paidAt,
      sentAt: gifts.sentAt,
      refundedAt: gifts.refundedAt,
      redeemedAt: gifts.redeemedAt,
    })
    .from(gifts)
    .where(boughtBy(userId, email))
    .orderBy(gifts.createdAt);
  const redeemed = await db()
    .select({
      ...giftFacts,
      from: gifts.buyerName,
      redeemedAt: gifts.redeemedAt,
      redeemedAs: gifts.redeemedAs,
      region: gifts.redeemedRegion,
      address: gifts.redeemedAddress,
      deliveryWeek: gifts.redeemedWeek,
    })
    .from(gifts)
    .where(eq(gifts.redeemedBy, userId))
    .orderBy(gifts.redeemedAt);
  return { bought, redeemed };
}

/** Deleting an account: the gifts' personal parts go, their money records stay (see above). */
export async function forgetMemberGifts(
  { userId, email }: { userId: string; email: string },
  tx: Database = db(),
): Promise<void> {
  const mine = boughtBy(userId, email);
  await tx
    .delete(gifts)
    .where(and(mine, inArray(gifts.status, ["pending_payment", "payment_failed"])));
  await tx
    .update(gifts)
    .set({
      buyerName: FORGOTTEN.name,
      buyerEmail: FORGOTTEN.email,
      buyerUserId: null,
      message: null,
      updatedAt: new Date(),
    })
    .where(and(mine, or(eq(gifts.status, "refunded"), isNotNull(gifts.redeemedAt))));
  await tx
    .update(gifts)
    .set({ buyerUserId: null, updatedAt: new Date() })
    .where(and(mine, eq(gifts.status, "paid"), isNull(gifts.redeemedAt)));
  await tx
    .update(gifts)
    .set({
      recipientName: FORGOTTEN.name,
      recipientEmail: FORGOTTEN.email,
      redeemedAddress: null,
      redeemedWeek: null,
      message: null,
      updatedAt: new Date(),
    })
    .where(eq(gifts.redeemedBy, userId));
}
