import { Scripts } from "react-router";

// The app's JavaScript starts loading once the page has painted, not while it is still loading.
//
// React Router's <Scripts> puts ~20 module preloads in <head>: on a slow phone they share the
// connection with the stylesheet and the page's largest image, and the first paint waits behind
// 120 KB of JavaScript that the page does not need to be read. Here <Scripts> is rendered inside
// <noscript>, where a browser with JavaScript keeps it as text and fetches nothing (and React
// neither hydrates nor re-renders it). The small loader beside it parses that text: it runs the
// router's inline context script at once (the streamed loader data after it needs the stream it
// sets up), and adds the preloads and the module script after the first frame has been painted.
// Without JavaScript the <noscript> holds inert tags and the page reads as plain HTML.
//
// Scripts created by createContextualFragment run when inserted (unlike innerHTML), and they keep
// the nonce they were rendered with, so the CSP allows them. The timer is the fallback for a tab
// opened in the background, where animation frames do not run until it is shown. The preloads go
// in four at a time, each batch in a task of its own: inserting a page's ~30 module preloads at
// once blocked a throttled phone for 60-200 ms (issue 20), four take a few ms. The module script
// goes in after the last batch.
const LOADER = `(function(){var d=document,t=d.getElementById("rr-scripts");if(!t)return;var f=d.createRange().createContextualFragment(t.textContent),s=f.querySelectorAll("script:not([type=module])");for(var i=0;i<s.length;i++)d.body.appendChild(s[i]);var done=0;function go(){if(done)return;done=1;var L=[].slice.call(f.querySelectorAll("link"));(function a(){d.head.append.apply(d.head,L.splice(0,4));if(L.length)setTimeout(a);else d.body.appendChild(f)})()}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,2000)})()`;

export function DeferredScripts({ nonce }: { nonce: string | undefined }) {
  return (
    <>
      <noscript id="rr-scripts">
        <Scripts nonce={nonce} />
      </noscript>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: LOADER }} />
    </>
  );
}
