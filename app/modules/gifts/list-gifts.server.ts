// /admin/gifts' list and one gift's page (ADR 049): gifts newest first, found by part of the
// buyer's or recipient's e-mail address or by the code's last four characters, filtered by status,
// a page of GIFTS_PAGE_SIZE at a time with the total; and one gift with who redeemed it and its
// history. The code itself is never here: only its last four characters are kept.
import { and, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { giftEvents, gifts, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { listPage } from "#app/lib/list-page.server.ts";
import { containing } from "#app/lib/list-query.ts";
import { GIFTS_PAGE_SIZE, giftIdSchema, type GiftListQuery } from "./admin-gifts.schema.ts";
import { normaliseCodeEnd } from "./gift-code.ts";

/** What an admin sees of a gift: everything but its code's hash. */
const adminColumns = {
  id: gifts.id,
  status: gifts.status,
  buyerName: gifts.buyerName,
  buyerEmail: gifts.buyerEmail,
  recipientName: gifts.recipientName,
  recipientEmail: gifts.recipientEmail,
  message: gifts.message,
  plan: gifts.plan,
  months: gifts.months,
  monthlyPrice: gifts.monthlyPrice,
  amount: gifts.amount,
  gst: gifts.gst,
  currency: gifts.currency,
  sendOn: gifts.sendOn,
  codeEnd: gifts.codeEnd,
  paymentProvider: gifts.paymentProvider,
  paymentReference: gifts.paymentReference,
  paymentError: gifts.paymentError,
  paidAt: gifts.paidAt,
  refundedAt: gifts.refundedAt,
  sentAt: gifts.sentAt,
  redeemedAt: gifts.redeemedAt,
  redeemedAs: gifts.redeemedAs,
  redeemedRegion: gifts.redeemedRegion,
  redeemedByEmail: users.email,
  subscriptionId: gifts.subscriptionId,
  createdAt: gifts.createdAt,
};

export async function listGifts({ query }: { query: GiftListQuery }) {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = containing(query.q);
    const found = [ilike(gifts.buyerEmail, pattern), ilike(gifts.recipientEmail, pattern)];
    // Four characters that could end a code ("p3wa", "P3WA") also find the gift by its code.
    const end = normaliseCodeEnd(query.q);
    if (end) found.push(eq(gifts.codeEnd, end));
    where.push(or(...found)!);
  }
  if (query.status) where.push(eq(gifts.status, query.status));
  const filter = where.length ? and(...where) : undefined;
  return listPage(
    db()
      .select(adminColumns)
      .from(gifts)
      .leftJoin(users, eq(users.id, gifts.redeemedBy))
      .where(filter)
      .orderBy(desc(gifts.createdAt), desc(gifts.id)),
    { from: gifts, where: filter, page: query.page, size: GIFTS_PAGE_SIZE },
  );
}

export type GiftList = Awaited<ReturnType<typeof listGifts>>;

/** One gift and its history (newest first), or null for an unknown or malformed id. */
export async function getAdminGift({ id }: { id: string }) {
  if (!giftIdSchema.safeParse(id).success) return null;
  const [gift] = await db()
    .select(adminColumns)
    .from(gifts)
    .leftJoin(users, eq(users.id, gifts.redeemedBy))
    .where(eq(gifts.id, id));
  if (!gift) return null;
  const history = await db()
    .select({
      id: giftEvents.id,
      kind: giftEvents.kind,
      by: giftEvents.by,
      reason: giftEvents.reason,
      details: giftEvents.details,
      createdAt: giftEvents.createdAt,
    })
    .from(giftEvents)
    .where(eq(giftEvents.giftId, id))
    .orderBy(desc(giftEvents.createdAt));
  return { gift, history };
}

export type AdminGift = NonNullable<Awaited<ReturnType<typeof getAdminGift>>>;
