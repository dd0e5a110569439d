// The cart (SPEC §3 cart item, §4 cart, §5): line items keyed by product id, kept in the browser
// under 'cart-storage' with the panel's open flag.
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

export interface CartProduct {
  id: string;
  name: string;
  /** Unit price in integer cents. */
  price: number;
  category: string;
  images: string[];
  stockQuantity: number;
}

export interface CartItem {
  product: CartProduct;
  quantity: number;
}

export interface CartState {
  items: CartItem[];
  isOpen: boolean;
  addItem(product: CartProduct, quantity?: number): void;
  removeItem(productId: string): void;
  /** Sets a line's quantity; values outside 1..stockQuantity are ignored. */
  updateQuantity(productId: string, quantity: number): void;
  clearCart(): void;
  /** Replaces every line at once: the person accepted the catalogue's current prices and stock. */
  replaceItems(items: CartItem[]): void;
  toggleCart(open?: boolean): void;
}

export const CART_STORAGE_KEY = "cart-storage";

export const useCart = create<CartState>()(
  persist(
    (set) => ({
      items: [],
      isOpen: false,
      addItem: (product, quantity = 1) =>
        set((state) => {
          const existing = state.items.find((i) => i.product.id === product.id);
          if (existing) {
            const next = Math.min(existing.quantity + quantity, product.stockQuantity);
            return {
              items: state.items.map((i) =>
                i.product.id === product.id ? { product, quantity: next } : i,
              ),
            };
          }
          if (product.stockQuantity < 1) return state;
          return {
            items: [
              ...state.items,
              { product, quantity: Math.min(quantity, product.stockQuantity) },
            ],
          };
        }),
      removeItem: (productId) =>
        set((state) => ({ items: state.items.filter((i) => i.product.id !== productId) })),
      updateQuantity: (productId, quantity) =>
        set((state) => {
          const item = state.items.find((i) => i.product.id === productId);
          if (!item || !Number.isInteger(quantity)) return state;
          if (quantity < 1 || quantity > item.product.stockQuantity) return state;
          return {
            items: state.items.map((i) => (i.product.id === productId ? { ...i, quantity } : i)),
          };
        }),
      clearCart: () => set({ items: [] }),
      replaceItems: (items) =>
        set({
          items: items.filter(
            (i) =>
              Number.isInteger(i.quantity) &&
              i.quantity >= 1 &&
              i.quantity <= i.product.stockQuantity,
          ),
        }),
      toggleCart: (open) => set((state) => ({ isOpen: open ?? !state.isOpen })),
    }),
    {
      name: CART_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // Rehydrated after the first render so server and browser render the same markup.
      skipHydration: true,
    },
  ),
);

export function cartQuantity(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

export function cartSubtotal(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.product.price * i.quantity, 0);
}
