// The components an islands document can bring to life (ADR 017), by the name its <Island>
// wrappers carry. Only app/islands/entry.client.tsx imports this at run time.
import { SiteHeader } from "#app/shell/site-header.tsx";
import { Toasts } from "#app/components/ui/toasts.tsx";
import { Hero } from "#app/modules/marketing/hero.tsx";
import { PlanPicker } from "#app/modules/subscriptions/plan-picker.tsx";
import { WaitlistForm } from "#app/modules/waitlist/waitlist-form.tsx";

/** Hydrated as soon as the script runs. */
export const islands = {
  "site-header": SiteHeader,
  toasts: Toasts,
  hero: Hero,
  "plan-picker": PlanPicker,
  "waitlist-form": WaitlistForm,
};

/** Loaded and made when first needed: nothing of them is in the page's first script. */
export const lazyIslands = {
  "cart-panel": () => import("#app/shell/cart-panel.tsx").then((m) => m.CartPanel),
};
