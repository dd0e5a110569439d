// The gift form (ADR 043) as a buyer fills it in: a fresh page key and fresh addresses each time,
// so each test says only what it changes (plan, months, day, message, card); and a gift bought with
// it and paid, for the tests that start from one (the admin's acts, redeeming).
import { buyGift } from "#app/modules/gifts/buy-gift.server.ts";
import { testCard } from "./cards.ts";

export function giftForm(overrides: Record<string, unknown> = {}) {
  const id = crypto.randomUUID().slice(0, 8);
  return {
    idempotencyKey: crypto.randomUUID(),
    plan: "1m2",
    months: "3",
    recipientName: "Mere Tane",
    recipientEmail: `mere.${id}@example.nz`,
    recipientRegion: "Auckland",
    message: "Happy birthday!\nGrow something good.",
    sendOn: "2026-11-25",
    buyerName: "Hemi Walker",
    buyerEmail: `hemi.${id}@example.nz`,
    ...overrides,
  };
}

let buyers = 0;

/**
 * A gift bought and paid with the demo's test card, with no message, at `now` and from an
 * address of its own (so no test meets the buyers' rate limit): its id.
 */
export async function paidGiftId(overrides: Record<string, unknown>, now: Date): Promise<string> {
  const result = await buyGift(
    giftForm({ message: "", card: testCard("success", now), ...overrides }),
    { ip: `198.51.100.${++buyers % 250}` },
    now,
  );
  if (!result.ok) throw new Error(result.message);
  return result.giftId;
}
