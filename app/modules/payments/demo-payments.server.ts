// The demo payment provider: used only without Stripe keys and outside production. It accepts
// Stripe's public test card numbers and nothing else. The number is checked here and dropped:
// it is never stored or logged.

export const DEMO_NOTICE = "Demo payments — no real card is charged";

export const DEMO_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  /** Saves (a subscription starts) but every later off-session charge is declined. */
  declinesLater: "4000000000000341",
} as const;

/** The test cards a subscription can save, by number, and what the saved card does later. */
export const DEMO_SAVED_CARDS: Readonly<Record<string, { kind: "success" | "declines_later" }>> = {
  [DEMO_CARDS.success]: { kind: "success" },
  [DEMO_CARDS.declinesLater]: { kind: "declines_later" },
};

export const DEMO_MESSAGES = {
  declined: "Your card was declined. No money has been taken: please try another card.",
  insufficientFunds:
    "Your card has insufficient funds. No money has been taken: please try another card.",
  unknown:
    "This is a demo shop, so only test cards work here. Use 4242 4242 4242 4242 with any future expiry date and any CVC.",
  expired: "That card has expired. Please check the expiry date.",
} as const;

export type DemoCharge = { ok: true; reference: string } | { ok: false; message: string };

export function chargeDemoCard(
  card: { number: string; expiry: string },
  orderId: string,
  now = new Date(),
): DemoCharge {
  const [mm, yy] = card.expiry.split("/").map((p) => Number(p.trim()));
  const endOfMonth = new Date(Date.UTC(2000 + (yy ?? 0), mm ?? 0, 1));
  if (endOfMonth <= now) return { ok: false, message: DEMO_MESSAGES.expired };
  switch (card.number) {
    case DEMO_CARDS.success:
      // One reference per order: a retried submit reuses it, so there is never a second "charge".
      return { ok: true, reference: `demo_${orderId}` };
    case DEMO_CARDS.declined:
      return { ok: false, message: DEMO_MESSAGES.declined };
    case DEMO_CARDS.insufficientFunds:
      return { ok: false, message: DEMO_MESSAGES.insufficientFunds };
    default:
      return { ok: false, message: DEMO_MESSAGES.unknown };
  }
}
