import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React Router decodes the page's data before it makes its router, and until then its first
// render suspends. Preact (ADR 055) cannot resume a hydration of the whole document that
// suspended, so the decoding is started and waited for here, before hydrating: a call of the
// component outside a render throws the decoding promise before any hook. Once the data is in, a
// second call makes the router (and stops at its first hook), in a task of its own: Preact then
// hydrates the page in one task, and this keeps that task shorter.
function makeRouter(): Promise<unknown> | undefined {
  try {
    HydratedRouter({});
  } catch (pending) {
    if (pending instanceof Promise) return pending;
  }
  return undefined;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start() {
  const decoding = makeRouter();
  if (decoding) {
    await decoding;
    await nextTask();
    makeRouter();
    await nextTask();
  }
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void start();
