// No press is lost before hydration (ADR 030). The page paints before its JavaScript has run, and
// a button whose work is done by React does nothing until then. This script is inlined first thing
// in <head> (compiled and minified at build by vite.inline-script.ts, app/components/press-replay.tsx)
// and runs before anything is painted. Until the document is marked hydrated (html[data-hydrated],
// set by the root layout once React has hydrated the page) it catches a press on
// - a `button` that is not a form's submit button (type="button", or outside any form), or
// - an element marked `data-replay` (a pressable card; a control whose form needs JavaScript),
// and leaves alone whatever already works without JavaScript (links, forms that post, fields).
// The pressed control shows it is waiting (aria-busy="true", app.css); once hydrated, each caught
// control is pressed again, once (a second press on a waiting control is not counted twice: no
// double Add to cart), in the order pressed, each in a task of its own so that React has rendered
// one press's effect before the next (+ on the stepper, then Add to cart, adds two). If React
// replaced the node (a hydration mismatch), the control is found again by its key (data-replay,
// else aria-label, else its text) and its position among controls with that key.
//
// The click is stopped in the capture phase at the document, where this listener is the first, so
// React (whose root listens on the document) never sees half of it. It reads only the page's own
// markup and the one attribute the root layout sets: nothing of React's or React Router's.
//
// It is a classic script, not a module: it must run before the first paint, and it imports nothing.

const doc = document;
const root = doc.documentElement;
const PRESSABLE = "button,[data-replay]";

interface Caught {
  control: HTMLElement;
  key: string;
  /** Its position among the pressable controls with the same key, to find it again. */
  index: number;
}

const queue: Caught[] = [];
let replaying = false;
const hydrated = () => root.dataset.hydrated !== undefined;

function keyOf(el: Element): string {
  return el.getAttribute("data-replay") || el.getAttribute("aria-label") || el.textContent.trim();
}

function controlsWithKey(key: string): HTMLElement[] {
  return [...doc.querySelectorAll<HTMLElement>(PRESSABLE)].filter((el) => keyOf(el) === key);
}

doc.addEventListener(
  "click",
  (event) => {
    if (hydrated() || !event.isTrusted || !(event.target instanceof Element)) return;
    const control = event.target.closest<HTMLElement>(
      `a,input,select,textarea,label,summary,${PRESSABLE}`,
    );
    if (!control?.matches(PRESSABLE)) return;
    // A form's submit button posts without JavaScript: the server answers it.
    const submits =
      control instanceof HTMLButtonElement && control.type === "submit" && control.form !== null;
    if (submits && !control.hasAttribute("data-replay")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (control.getAttribute("aria-busy")) return;
    control.setAttribute("aria-busy", "true");
    const key = keyOf(control);
    queue.push({ control, key, index: controlsWithKey(key).indexOf(control) });
  },
  true,
);

// A select changed before hydration in a form marked `data-apply-on-change` (the product filter, a
// GET form that applies a change at once once hydrated) submits its form straight away, as its
// Apply button would: the server answers it, so nothing waits for the page's JavaScript.
doc.addEventListener(
  "change",
  (event) => {
    const select = event.target;
    if (hydrated() || !(select instanceof HTMLSelectElement)) return;
    if (select.form?.hasAttribute("data-apply-on-change")) select.form.requestSubmit();
  },
  true,
);

function replay() {
  if (replaying) return;
  replaying = true;
  const next = () => {
    const caught = queue.shift();
    if (!caught) {
      replaying = false;
      return;
    }
    caught.control.removeAttribute("aria-busy");
    const control = caught.control.isConnected
      ? caught.control
      : controlsWithKey(caught.key)[caught.index];
    control?.click();
    setTimeout(next);
  };
  setTimeout(next);
}

new MutationObserver((_records, observer) => {
  if (!hydrated()) return;
  observer.disconnect();
  replay();
}).observe(root, { attributeFilter: ["data-hydrated"] });

// A form the server answers shows it was heard before the page is hydrated: when its submit went
// ahead (nothing prevented it), a submit button marked `data-pending="Confirming..."` takes that
// label and aria-busy until the answer comes (the browser's own spinner is easy to miss on a
// phone). Back to the page from the browser's page cache, the button is as it was.
doc.addEventListener("submit", (event) => {
  const button = event.submitter;
  const label = button?.getAttribute("data-pending");
  if (!button || !label) return;
  setTimeout(() => {
    if (event.defaultPrevented || button.hasAttribute("data-label")) return;
    button.setAttribute("data-label", button.textContent);
    button.textContent = label;
    button.setAttribute("aria-busy", "true");
  });
});
addEventListener("pageshow", (event) => {
  if (!event.persisted) return;
  for (const button of doc.querySelectorAll<HTMLElement>("[data-label]")) {
    button.textContent = button.getAttribute("data-label");
    button.removeAttribute("data-label");
    button.removeAttribute("aria-busy");
  }
});

export {};
