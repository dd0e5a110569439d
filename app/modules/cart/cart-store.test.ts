import { beforeEach, expect, test, vi } from "vitest";
import type { CartProduct } from "./cart-store.ts";

// The browser's localStorage, as a plain in-memory Storage.
const stored = new Map<string, string>();
vi.stubGlobal("localStorage", {
  getItem: (k: string) => stored.get(k) ?? null,
  setItem: (k: string, v: string) => void stored.set(k, v),
  removeItem: (k: string) => void stored.delete(k),
});
const { cartQuantity, cartSubtotal, useCart } = await import("./cart-store.ts");

const seeds: CartProduct = {
  id: "p1",
  name: "Heirloom seed collection",
  price: 1299,
  category: "Seeds",
  images: ["/p1.webp"],
  stockQuantity: 3,
};
const compost: CartProduct = {
  ...seeds,
  id: "p2",
  name: "Compost",
  price: 2450,
  stockQuantity: 10,
};

beforeEach(() => useCart.setState({ items: [], isOpen: false }));

test("adding a product already present increases its quantity", () => {
  useCart.getState().addItem(seeds);
  useCart.getState().addItem(seeds);
  useCart.getState().addItem(compost);
  const { items } = useCart.getState();
  expect(items).toHaveLength(2);
  expect(items[0]?.quantity).toBe(2);
  expect(cartQuantity(items)).toBe(3);
  expect(cartSubtotal(items)).toBe(2 * 1299 + 2450);
});

test("quantity stays between 1 and stockQuantity; changes outside are ignored", () => {
  useCart.getState().addItem(seeds);
  useCart.getState().updateQuantity("p1", 0);
  expect(useCart.getState().items[0]?.quantity).toBe(1);
  useCart.getState().updateQuantity("p1", 3);
  expect(useCart.getState().items[0]?.quantity).toBe(3);
  useCart.getState().updateQuantity("p1", 4);
  expect(useCart.getState().items[0]?.quantity).toBe(3);
  useCart.getState().addItem(seeds);
  expect(useCart.getState().items[0]?.quantity).toBe(3);
});

test("remove, clear and toggle", () => {
  useCart.getState().addItem(seeds);
  useCart.getState().addItem(compost);
  useCart.getState().removeItem("p1");
  expect(useCart.getState().items.map((i) => i.product.id)).toEqual(["p2"]);
  useCart.getState().toggleCart();
  expect(useCart.getState().isOpen).toBe(true);
  useCart.getState().toggleCart(false);
  expect(useCart.getState().isOpen).toBe(false);
  useCart.getState().clearCart();
  expect(useCart.getState().items).toEqual([]);
});

test("the cart and its open flag are kept under 'cart-storage'", async () => {
  useCart.getState().addItem(compost, 2);
  useCart.getState().toggleCart(true);
  const saved = JSON.parse(stored.get("cart-storage") ?? "{}");
  expect(saved.state.items).toEqual([{ product: compost, quantity: 2 }]);
  expect(saved.state.isOpen).toBe(true);
  useCart.setState({ items: [], isOpen: false }, false);
  stored.set("cart-storage", JSON.stringify(saved));
  await useCart.persist.rehydrate();
  expect(useCart.getState().items[0]?.quantity).toBe(2);
});
