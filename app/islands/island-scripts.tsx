// The script of an islands document (ADR 017), started once the page has loaded: its parts
// enhance HTML that already works (links, and forms that post), so nothing waits for them, and on
// a slow connection the stylesheet and the largest image don't share the line with the page's
// JavaScript. Without JavaScript the page is its HTML, and its forms post as they are.
import type { IslandsDocument } from "./island.tsx";

export function IslandScripts({ build, nonce }: { build: IslandsDocument; nonce?: string }) {
  // After the load event and the first largest-contentful-paint entry (where the browser reports
  // them), then after the next frame; a tab opened in the background, where neither frames nor
  // paints happen, starts after 5 s.
  const loader = `(function(){var d=document,w=window,done=0,m=${JSON.stringify(build.imports)};function go(){if(done)return;done=1;m.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;d.head.appendChild(l)});var s=d.createElement("script");s.type="module";s.src=${JSON.stringify(build.entry)};d.body.appendChild(s)}var loaded=d.readyState==="complete",P=w.PerformanceObserver,painted=!P||(P.supportedEntryTypes||[]).indexOf("largest-contentful-paint")<0;function check(){if(loaded&&painted)requestAnimationFrame(function(){setTimeout(go,0)})}if(!painted)new P(function(l,o){painted=1;o.disconnect();check()}).observe({type:"largest-contentful-paint",buffered:true});if(!loaded)w.addEventListener("load",function(){loaded=1;check()});check();setTimeout(go,5000)})()`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: loader }} />;
}
