import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// Under Preact (the build, ADR 055) the router is made before hydrating. React Router decodes the
// page's data before it makes its router, and until then its first render suspends: React resumes
// a root that suspended, Preact cannot. A call of the component outside a render throws the
// decoding promise before any hook; once the data is in, a second call makes the router (and
// stops at its first hook) in a task of its own, since Preact then hydrates the page in one task.
// React (the dev server) hydrates as it always has.
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
  if (import.meta.env.PREACT) {
    const decoding = makeRouter();
    if (decoding) {
      await decoding;
      await nextTask();
      makeRouter();
      await nextTask();
    }
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
