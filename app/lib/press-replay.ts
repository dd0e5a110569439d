// No press is lost before hydration (issue 20, ADR 030). The page paints long before its
// JavaScript has run (DeferredScripts, the islands loader), and a button whose work is done by
// React does nothing until then. This script, inline in <head>, runs before anything is painted:
// until the document is marked hydrated (html[data-hydrated], set by the root layout or by the
// islands entry once every island has hydrated) it catches a press on
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
// A select changed before hydration in a form marked `data-apply-on-change` (the product filter, a
// GET form that applies a change at once once hydrated) submits its form straight away, as its
// Apply button would: the server answers it, so nothing waits for the page's JavaScript.
//
// The click is stopped in the capture phase at the document, where this listener is the first, so
// React (whose root listens on the document or on an island's element) never sees half of it.
//
// On an islands page (ADR 017, 048) each island comes alive on its own, when it is seen, pressed
// or the browser is idle: its host gets `data-live` once hydrated, and from then on presses in it
// pass straight through. A press caught in an island not yet live marks its host `data-pressed`
// (the islands entry hydrates a pressed island first) and is replayed as soon as that island is
// live, not when the whole page is; presses outside any island wait for the document as before.
//
// A form the server answers (a plain post, no React handling it: the waitlist confirm, claim and
// unsubscribe pages) shows it was heard too: when its submit went ahead (nothing prevented it),
// a submit button marked `data-pending="Confirming..."` takes that label and aria-busy until the
// answer comes (the browser's own spinner is easy to miss on a phone). Back to the page from the
// browser's page cache, the button is as it was. (A second press is no harm: those posts are
// idempotent.)
export const PRESS_REPLAY_SCRIPT = `(function(d){var h=d.documentElement,q=[],b=0,S="button,[data-replay]",I="[data-island]";function k(e){return e.getAttribute("data-replay")||e.getAttribute("aria-label")||e.textContent.trim()}function all(c){return[].filter.call(d.querySelectorAll(S),function(e){return k(e)===c})}function ok(p){return h.dataset.hydrated||p[3]&&p[3].hasAttribute("data-live")}d.addEventListener("click",function(e){if(h.dataset.hydrated||!e.isTrusted||!e.target.closest)return;var t=e.target.closest("a,input,select,textarea,label,summary,"+S);if(!t||!t.matches(S)||t.type=="submit"&&t.form&&!t.hasAttribute("data-replay"))return;var i=t.closest(I);if(i&&i.hasAttribute("data-live"))return;e.preventDefault();e.stopImmediatePropagation();if(t.getAttribute("aria-busy"))return;t.setAttribute("aria-busy","true");if(i)i.setAttribute("data-pressed","");var c=k(t);q.push([t,c,all(c).indexOf(t),i])},true);d.addEventListener("change",function(e){var f=e.target.form;if(!h.dataset.hydrated&&e.target.tagName=="SELECT"&&f&&f.hasAttribute("data-apply-on-change"))f.requestSubmit()},true);function run(){if(b)return;b=1;setTimeout(function n(){for(var j=0;j<q.length&&!ok(q[j]);j++);var p=q.splice(j,1)[0];if(!p){b=0;return}var t=p[0];t.removeAttribute("aria-busy");if(!t.isConnected)t=all(p[1])[p[2]];if(t)t.click();setTimeout(n)})}new MutationObserver(function(m,o){run();if(h.dataset.hydrated)o.disconnect()}).observe(h,{attributeFilter:["data-hydrated","data-live"],subtree:true});d.addEventListener("submit",function(e){var s=e.submitter;if(s&&s.hasAttribute("data-pending"))setTimeout(function(){if(e.defaultPrevented||s.hasAttribute("data-label"))return;s.setAttribute("data-label",s.textContent);s.textContent=s.getAttribute("data-pending");s.setAttribute("aria-busy","true")})});addEventListener("pageshow",function(e){if(e.persisted)[].forEach.call(d.querySelectorAll("[data-label]"),function(s){s.textContent=s.getAttribute("data-label");s.removeAttribute("data-label");s.removeAttribute("aria-busy")})})})(document)`;
