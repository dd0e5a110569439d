// The buyer's signed link to their gift's page (ADR 076), carried by the receipt e-mail: the gift's
// id signed for the purpose "gift-buyer" (app/lib/signed-token.server.ts), as coaching's thread
// link is, with an expiry a little over a year after payment. Nothing is stored: a link can't be
// forged or pointed at another gift, and an expired one is still known to be the buyer's, so its
// page can offer a fresh link by e-mail to the address on the gift.
import { readToken, signToken, TOKEN_PURPOSES } from "#app/lib/signed-token.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { paths } from "#app/lib/paths.ts";

/** How long a buyer's link works from when it was made (the gift paid, or a fresh link asked). */
export const GIFT_BUYER_LINK_DAYS = 400;

/** The link's key for this gift, made at `from` (the gift's payment, or now for a fresh link). */
export function giftBuyerKey(giftId: string, from: Date): string {
  return signToken(
    TOKEN_PURPOSES.giftBuyer,
    giftId,
    new Date(from.getTime() + GIFT_BUYER_LINK_DAYS * 86_400_000),
  );
}

/** The whole address of the buyer's page, as the e-mail carries it. */
export function giftBuyerLink(giftId: string, from: Date): string {
  return `${settings().siteUrl}${paths.giftManage(giftId, giftBuyerKey(giftId, from))}`;
}

export type GiftBuyerKey = "valid" | "expired" | "invalid";

/** Whether `key` opens this gift's page: genuine and current, genuine but expired, or neither. */
export function readGiftBuyerKey(
  giftId: string,
  key: string | null | undefined,
  now = new Date(),
): GiftBuyerKey {
  const read = readToken(TOKEN_PURPOSES.giftBuyer, key, now.getTime());
  if (!read || read.subject !== giftId) return "invalid";
  return read.expired ? "expired" : "valid";
}
