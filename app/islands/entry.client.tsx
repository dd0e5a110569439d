// The browser script of an islands document (ADR 017): each <Island> wrapper on the page is
// hydrated on its own with the props it carries; lazy ones are made when first needed. It is
// built apart from React Router's client (vite.islands.config.ts), with react-router replaced by
// app/islands/router-shim.tsx, so the page's script is React DOM and these parts, nothing more.
import { startTransition, useEffect, type ComponentType, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { useCart } from "#app/modules/cart/cart-store.ts";
import { islands, lazyIslands, pageIslands } from "./registry.ts";

const props = (el: HTMLElement) => JSON.parse(el.dataset.props ?? "{}") as object;

// Marks the document once every island has hydrated, for styles that differ before and after and
// for the e2e tests (as app/root.tsx does for React Router's pages).
let hydrating = 0;
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (--hydrating === 0) document.documentElement.dataset.hydrated = "true";
  }, []);
  return children;
}

function hydrateIsland(el: HTMLElement, Component: ComponentType<object>) {
  hydrateRoot(
    el,
    <Hydrated>
      <Component {...props(el)} />
    </Hydrated>,
  );
}

function hydrate() {
  const hosts = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  const isShared = (name: string): name is keyof typeof islands => name in islands;
  const isPage = (name: string): name is keyof typeof pageIslands => name in pageIslands;
  // Counted first, so the document is marked hydrated only once the last of them has.
  hydrating = hosts.filter((el) => {
    const name = el.dataset.island as string;
    return isShared(name) || isPage(name);
  }).length;
  // The page's own parts: every chunk asked for at once, each island hydrated as it arrives.
  const loading = new Map<string, Promise<ComponentType<object>>>();
  for (const el of hosts) {
    const name = el.dataset.island as string;
    if (!isPage(name)) continue;
    let load = loading.get(name);
    if (!load) {
      load = pageIslands[name]() as Promise<ComponentType<object>>;
      loading.set(name, load);
    }
    void load.then((Component) => startTransition(() => hydrateIsland(el, Component)));
  }
  for (const el of hosts) {
    const name = el.dataset.island as string;
    if (isShared(name)) hydrateIsland(el, islands[name] as ComponentType<object>);
  }
  // The cart panel is made the first time the cart opens (the header's cart button).
  const cartHost = document.querySelector<HTMLElement>('[data-island="cart-panel"]');
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
