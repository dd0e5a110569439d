// Starts the app's JavaScript once the page has painted (ADR 063), compiled into one inline classic
// script by vite.inline-script.ts and rendered by app/components/deferred-scripts.tsx.
//
// React Router's <Scripts> is rendered inside <noscript id="rr-scripts">, where a browser with
// JavaScript keeps it as inert text and fetches nothing. This script reads that text as a document
// fragment: the inline context script runs at once (the streamed loader data after it needs the
// stream it sets up); the module preloads and the module script go in after the first frame has
// been painted, so on a slow phone they do not share the connection with the stylesheet and the
// page's largest image. It depends on one thing of React Router's: that <Scripts> renders classic
// scripts, `<link>`s and one module script (tests/e2e/shell.e2e.ts checks the page hydrates).
//
// createContextualFragment's scripts run when inserted (innerHTML's would not) and keep the nonce
// they were rendered with, so the CSP allows them. The timer is for a tab opened in the background,
// where animation frames do not run until it is shown. The preloads go in four at a time, each
// batch in a task of its own: inserting a page's ~30 module preloads at once blocked a throttled
// phone for 60-200 ms, four take a few ms. The module script goes in after the last batch.

/** Module preloads inserted per task. */
const PRELOADS_PER_TASK = 4;
/** When a background tab, which paints no frames, starts anyway. */
const FALLBACK_MS = 2000;

function boot(): void {
  const holder = document.getElementById("rr-scripts");
  if (!holder) return;
  const fragment = document.createRange().createContextualFragment(holder.textContent ?? "");
  for (const script of fragment.querySelectorAll("script:not([type=module])")) {
    document.body.appendChild(script);
  }

  let started = false;
  const start = (): void => {
    if (started) return;
    started = true;
    const preloads = [...fragment.querySelectorAll("link")];
    const next = (): void => {
      document.head.append(...preloads.splice(0, PRELOADS_PER_TASK));
      if (preloads.length > 0) setTimeout(next);
      else document.body.appendChild(fragment);
    };
    next();
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, FALLBACK_MS);
}

boot();
