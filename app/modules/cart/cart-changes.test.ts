import { expect, test } from "vitest";
import { diffCart } from "./cart-changes.ts";
import type { CartItem, CartProduct } from "./cart-store.ts";

const product = (id: string, over: Partial<CartProduct> = {}): CartProduct => ({
  id,
  name: `Item ${id}`,
  price: 1000,
  category: "Seeds",
  images: [],
  stockQuantity: 10,
  ...over,
});
const item = (p: CartProduct, quantity: number): CartItem => ({ product: p, quantity });

test("nothing changed: no changes and no update", () => {
  const a = product("a");
  expect(diffCart([item(a, 2)], [a])).toEqual({
    changes: [],
    next: [item(a, 2)],
    quietUpdate: false,
  });
});

test("price changes, fewer units, sold out and withdrawn products are all listed", () => {
  const cart = [
    item(product("price"), 1),
    item(product("few"), 5),
    item(product("gone"), 1),
    item(product("withdrawn"), 1),
  ];
  const diff = diffCart(
    cart,
    [
      product("price", { price: 1200 }),
      product("few", { stockQuantity: 2 }),
      product("gone", { stockQuantity: 0 }),
    ],
    ["withdrawn"],
  );
  expect(diff.changes).toEqual([
    { kind: "price", id: "price", name: "Item price", from: 1000, to: 1200 },
    { kind: "quantity", id: "few", name: "Item few", from: 5, to: 2 },
    { kind: "sold-out", id: "gone", name: "Item gone" },
    { kind: "removed", id: "withdrawn", name: "Item withdrawn" },
  ]);
  expect(diff.next.map((i) => [i.product.id, i.product.price, i.quantity])).toEqual([
    ["price", 1200, 1],
    ["few", 1000, 2],
  ]);
  expect(diff.quietUpdate).toBe(false);
});

test("a lower stock that still covers the quantity is a quiet update", () => {
  const diff = diffCart([item(product("a"), 2)], [product("a", { stockQuantity: 3 })]);
  expect(diff.changes).toEqual([]);
  expect(diff.quietUpdate).toBe(true);
  expect(diff.next[0]?.product.stockQuantity).toBe(3);
});

test("an id the server didn't mention (a failed lookup) is kept as it is", () => {
  const a = product("a");
  expect(diffCart([item(a, 1)], []).next).toEqual([item(a, 1)]);
});
