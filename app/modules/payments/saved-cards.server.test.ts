// The demo adapter of the saved-card interface (ADR 029): which test cards save, and which later
// off-session charges pay.
import { expect, test } from "vitest";
import { testCard } from "#tests/factories/cards.ts";
import { DEMO_MESSAGES } from "./demo-payments.server.ts";
import { demoSavedCards } from "./saved-cards.server.ts";

const owner = { id: "2f1c1f4e-7c43-4a59-9d3e-6a3f7d0c9b11", email: "aroha@example.nz" };
const charge = (paymentMethodId: string) =>
  demoSavedCards.chargeSavedCard({
    customerId: `demo_cus_${owner.id}`,
    paymentMethodId,
    amount: 3999,
    currency: "USD",
    idempotencyKey: "subscription:x:box:2026-12-08",
    description: "1m² garden box",
  });

test("4242 saves and pays; the same key gives the same reference", async () => {
  const saved = await demoSavedCards.saveCard(testCard("success"), owner);
  expect(saved).toEqual({
    ok: true,
    customerId: `demo_cus_${owner.id}`,
    paymentMethodId: "demo_pm_success",
    label: "Visa ending 4242",
  });
  expect(await charge("demo_pm_success")).toEqual({
    ok: true,
    reference: "demo_subscription:x:box:2026-12-08",
  });
});

test("0341 saves but every later charge is declined; 0002, 9995, unknown and expired cards don't save", async () => {
  const later = await demoSavedCards.saveCard(testCard("declinesLater"), owner);
  expect(later).toMatchObject({ ok: true, paymentMethodId: "demo_pm_declines_later" });
  expect(await charge("demo_pm_declines_later")).toEqual({
    ok: false,
    code: "declined",
    message: DEMO_MESSAGES.declined,
  });
  expect(await demoSavedCards.saveCard(testCard("declined"), owner)).toEqual({
    ok: false,
    code: "declined",
    message: DEMO_MESSAGES.declined,
  });
  expect(await demoSavedCards.saveCard(testCard("insufficientFunds"), owner)).toEqual({
    ok: false,
    code: "declined",
    message: DEMO_MESSAGES.insufficientFunds,
  });
  expect(
    await demoSavedCards.saveCard({ number: "4111111111111111", expiry: "12/40" }, owner),
  ).toEqual({ ok: false, code: "declined", message: DEMO_MESSAGES.unknown });
  expect(
    await demoSavedCards.saveCard(
      { number: "4242424242424242", expiry: "01/26" },
      owner,
      new Date("2026-11-25T00:00:00Z"),
    ),
  ).toEqual({ ok: false, code: "declined", message: DEMO_MESSAGES.expired });
});
