import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React Router decodes the page's data before it makes its router, and until then its first
// render suspends. Preact (ADR 055) cannot resume a hydration of the whole document that suspended,
// so the decoding is started and waited for here, before hydrating: this first call of the
// component only makes the router (it throws the decoding promise before any hook).
async function routerMade() {
  try {
    HydratedRouter({});
  } catch (pending) {
    if (pending instanceof Promise) await pending;
  }
}

void routerMade().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
