// The admin's order list tells shop orders from subscription boxes: each row names its kind, and
// the list filters by kind and status together; an unknown kind or status filters nothing.
import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { orders, type OrderKind, type OrderStatus } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { listOrders } from "./list-orders.server.ts";

testServices({ emptyBeforeEach: true });

async function order(name: string, kind: OrderKind, status: OrderStatus) {
  await db()
    .insert(orders)
    .values({
      idempotencyKey: randomUUID(),
      name,
      email: `${name.toLowerCase()}@example.nz`,
      kind,
      status,
      address: {
        street: "1 Rimu Street",
        city: "Nelson",
        state: "Nelson",
        zip: "7010",
        country: "NZ",
        rural: false,
      },
      shippingMethod: "standard",
      currency: "USD",
      subtotal: 3999,
      shipping: 0,
      gst: 522,
      total: 3999,
      paymentProvider: "demo",
      expiresAt: new Date(Date.now() + 3_600_000),
    });
}

test("shop orders and subscription boxes are told apart and filtered by kind and status", async () => {
  await order("Mere", "shop", "paid");
  await order("Tama", "subscription box", "paid");
  await order("Aroha", "subscription box", "shipped");
  const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();

  const all = await listOrders();
  expect(all.map((o) => [o.name, o.kind]).sort()).toEqual([
    ["Aroha", "subscription box"],
    ["Mere", "shop"],
    ["Tama", "subscription box"],
  ]);
  expect(names(await listOrders(null, "shop"))).toEqual(["Mere"]);
  expect(names(await listOrders(null, "subscription box"))).toEqual(["Aroha", "Tama"]);
  expect(names(await listOrders("paid", "subscription box"))).toEqual(["Tama"]);
  expect(names(await listOrders("nonsense", "nonsense"))).toEqual(["Aroha", "Mere", "Tama"]);
});
