// The gift form (ADR 043) as a buyer fills it in: a fresh page key and fresh addresses each time,
// so each test says only what it changes (plan, months, day, message, card).
export function giftForm(overrides: Record<string, unknown> = {}) {
  const id = crypto.randomUUID().slice(0, 8);
  return {
    idempotencyKey: crypto.randomUUID(),
    plan: "1m2",
    months: "3",
    recipientName: "Mere Tane",
    recipientEmail: `mere.${id}@example.nz`,
    message: "Happy birthday!\nGrow something good.",
    sendOn: "2026-11-25",
    buyerName: "Hemi Walker",
    buyerEmail: `hemi.${id}@example.nz`,
    ...overrides,
  };
}
