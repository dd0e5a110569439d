// The controls the press benches press (issue 20): `presses` before hydration, `interactions` after.
export interface Control {
  name: string;
  path: string;
  /** What is pressed: a CSS selector. */
  target: string;
  /** Runs in the page: has the press had its effect? */
  done: string;
  /** Clicked at this point of the element (a card, whose buttons and links are their own). */
  position?: { x: number; y: number };
  /** Adds to the cart: the effect must happen exactly once. */
  once?: string;
  /** Typed into this field (a CSS selector) before the press: a search box before its button. */
  fill?: { target: string; value: string };
}

export const PRESS_CONTROLS: Control[] = [
  {
    name: "cart button (/)",
    path: "/",
    target: 'header [data-replay="cart"]',
    done: `!!document.querySelector('dialog[aria-labelledby="cart-title"][open]')`,
  },
  {
    name: "menu button (/)",
    path: "/",
    target: 'header [aria-controls="mobile-menu"]',
    done: `!!document.querySelector("#mobile-menu[open] nav")`,
  },
  {
    name: "plan card flip (/)",
    path: "/",
    target: '[data-plan="0.5m2"]',
    position: { x: 40, y: 40 },
    done: `document.querySelector('[data-plan="0.5m2"]').dataset.flipped === "true"`,
  },
  {
    name: "Add to cart (/product/{id})",
    path: "/product/family-grow-box-kit",
    target: 'main button[aria-label^="Add to cart"]',
    done: `document.querySelector('[data-testid="cart-badge"]')?.textContent === "1"`,
    once: `JSON.parse(localStorage.getItem("cart-storage") || "{}").state?.items?.[0]?.quantity ?? 0`,
  },
  {
    name: "cart button (/products)",
    path: "/products",
    target: 'header [data-replay="cart"]',
    done: `!!document.querySelector('dialog[aria-labelledby="cart-title"][open]')`,
  },
  {
    name: "Add to cart (/products)",
    path: "/products",
    target: 'main button[aria-label^="Add to cart"]',
    done: `document.querySelector('[data-testid="cart-badge"]')?.textContent === "1"`,
  },
  {
    name: "menu button (/education/slug-patrol)",
    path: "/education/slug-patrol",
    target: 'header [aria-controls="mobile-menu"]',
    done: `!!document.querySelector("#mobile-menu[open] nav")`,
  },
  {
    // A GET form the server answers before hydration (the next document has the results), and
    // the island's own search once live: either way the results for what was typed.
    name: "search (/education)",
    path: "/education",
    fill: { target: "#guide-search", value: "slugs" },
    target: 'form[role="search"] button[type="submit"]',
    done: `new URLSearchParams(location.search).get("q") === "slugs" && /“slugs”/.test(document.getElementById("guide-search-status")?.textContent ?? "")`,
  },
];
