// The browser script of an islands document (ADR 017): each <Island> wrapper on the page is
// hydrated on its own with the props it carries; lazy ones are made when first needed. It is
// built apart from React Router's client (vite.islands.config.ts), with react-router replaced by
// app/islands/router-shim.tsx, so the page's script is React DOM and these parts, nothing more.
import { startTransition, useEffect, type ComponentType, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { useCart } from "#app/modules/cart/cart-store.ts";
import { islands, lazyIslands, pageIslands } from "./registry.ts";

const props = (el: HTMLElement) => JSON.parse(el.dataset.props ?? "{}") as object;

// Marks each island's host `data-live` once it has hydrated (the press script then replays the
// presses caught in it and lets new ones through, ADR 030), and the document once every island
// has, for styles that differ before and after and for the e2e tests (as app/root.tsx does for
// React Router's pages).
let hydrating = 0;
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

function hydrateIsland(el: HTMLElement, Component: ComponentType<object>) {
  hydrateRoot(
    el,
    <Hydrated
      onHydrated={() => {
        el.dataset.live = "";
        if (--hydrating === 0) document.documentElement.dataset.hydrated = "true";
      }}
    >
      <Component {...props(el)} />
    </Hydrated>,
  );
}

// When the browser has a moment: requestIdleCallback where there is one (not in Safari).
const whenIdle = (run: () => void) =>
  "requestIdleCallback" in window
    ? requestIdleCallback(run, { timeout: 2000 })
    : setTimeout(run, 50);

function hydrate() {
  const hosts = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  const isShared = (name: string): name is keyof typeof islands => name in islands;
  const isPage = (name: string): name is keyof typeof pageIslands => name in pageIslands;
  // Counted first, so the document is marked hydrated only once the last of them has.
  hydrating = hosts.filter((el) => {
    const name = el.dataset.island as string;
    return isShared(name) || isPage(name);
  }).length;
  // The header and toasts are in this script and on every page: hydrated at once.
  for (const el of hosts) {
    const name = el.dataset.island as string;
    if (isShared(name)) hydrateIsland(el, islands[name] as ComponentType<object>);
  }
  const cartHost = document.querySelector<HTMLElement>('[data-island="cart-panel"]');
  // The page's own parts, by need (issue 20): a pressed one at once, those in or near the
  // viewport next, the rest one at a time when the browser is idle. Each fetches its chunk when
  // its turn comes, so nothing below the fold costs anything at load.
  const waiting = new Set(hosts.filter((el) => isPage(el.dataset.island as string)));
  const loading = new Map<string, Promise<ComponentType<object>>>();
  const start = (el: HTMLElement) => {
    if (!waiting.delete(el)) return;
    const name = el.dataset.island as keyof typeof pageIslands;
    let load = loading.get(name);
    if (!load) {
      load = pageIslands[name]() as Promise<ComponentType<object>>;
      loading.set(name, load);
    }
    void load.then((Component) => startTransition(() => hydrateIsland(el, Component)));
  };
  // Pressed before it was live: the press script marks the host (and replays the press once live).
  for (const el of waiting) if (el.hasAttribute("data-pressed")) start(el);
  const pressed = new MutationObserver((records) => {
    for (const r of records) start(r.target as HTMLElement);
    if (!waiting.size) pressed.disconnect();
  });
  pressed.observe(document.body, { attributeFilter: ["data-pressed"], subtree: true });
  // A host is `display: contents` and has no box of its own, so its first element is watched.
  const hostOf = new Map<Element, HTMLElement>();
  const seen = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        seen.unobserve(entry.target);
        start(hostOf.get(entry.target) as HTMLElement);
      }
    },
    { rootMargin: "200px" },
  );
  for (const el of waiting) {
    const box = el.firstElementChild;
    if (box) {
      hostOf.set(box, el);
      seen.observe(box);
    }
  }
  const next = () => {
    const el = waiting.values().next().value;
    if (!el) {
      seen.disconnect();
      // Everything on the page is live: fetch the cart panel's chunk now, so that the first
      // opening of the cart renders it at once instead of waiting for the network.
      if (cartHost) void lazyIslands["cart-panel"]();
      return;
    }
    start(el);
    whenIdle(next);
  };
  whenIdle(next);
  // The cart panel is made the first time the cart opens (the header's cart button).
  if (cartHost) {
    const mount = () => {
      stop();
      void lazyIslands["cart-panel"]().then((CartPanel) =>
        createRoot(cartHost).render(<CartPanel {...(props(cartHost) as { currency: string })} />),
      );
    };
    const stop = useCart.subscribe((state) => {
      if (state.isOpen) mount();
    });
    if (useCart.getState().isOpen) mount();
  }
}

startTransition(hydrate);
