// The components an islands document can bring to life (ADR 017, 036), by the name its <Island>
// wrappers carry. Only app/islands/entry.client.tsx imports this at run time.
import { SiteHeader } from "#app/shell/site-header.tsx";
import { Toasts } from "#app/components/ui/toasts.tsx";

/** On every islands page: in the first script, hydrated as soon as it runs. */
export const islands = {
  "site-header": SiteHeader,
  toasts: Toasts,
};

/**
 * One page's parts: each is a chunk of its own, fetched as soon as the script finds it on the page
 * (all at once) and hydrated when it arrives, so a page carries only the code of the parts it has.
 */
export const pageIslands = {
  hero: () => import("#app/modules/marketing/hero.tsx").then((m) => m.Hero),
  "plan-picker": () =>
    import("#app/modules/subscriptions/plan-picker.tsx").then((m) => m.PlanPicker),
  "waitlist-form": () =>
    import("#app/modules/waitlist/waitlist-form.tsx").then((m) => m.WaitlistForm),
  "share-link": () => import("#app/modules/waitlist/share-link.tsx").then((m) => m.ShareLink),
  "add-to-cart": () =>
    import("#app/modules/catalog/add-to-cart.tsx").then((m) => m.AddToCartButton),
  "quantity-and-add": () =>
    import("#app/modules/catalog/add-to-cart.tsx").then((m) => m.QuantityAndAdd),
  "product-gallery": () =>
    import("#app/modules/catalog/product-gallery.tsx").then((m) => m.ProductGallery),
  "product-filter": () =>
    import("#app/modules/catalog/product-filter.tsx").then((m) => m.ProductFilter),
  "delivery-note": () =>
    import("#app/modules/checkout/delivery-note.tsx").then((m) => m.DeliveryNote),
  "guidance-search": () =>
    import("#app/modules/guidance/guidance-search.tsx").then((m) => m.GuidanceSearch),
  "calendar-form": () =>
    import("#app/modules/guidance/calendar-form.tsx").then((m) => m.CalendarForm),
};

/** Loaded and made when first needed: nothing of them is in the page's first script. */
export const lazyIslands = {
  "cart-panel": () => import("#app/shell/cart-panel.tsx").then((m) => m.CartPanel),
};
