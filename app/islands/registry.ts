// The components an islands document can bring to life (ADR 017), by the name its <Island>
// wrappers carry. Only app/islands/entry.client.tsx imports this at run time.
import { SiteHeader } from "~/components/site-header";
import { Toasts } from "~/components/toasts";
import { Hero } from "~/modules/marketing/hero";
import { PlanPicker } from "~/modules/subscriptions/plan-picker";
import { WaitlistForm } from "~/modules/waitlist/waitlist-form";

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
  "cart-panel": () => import("~/components/cart-panel").then((m) => m.CartPanel),
};
