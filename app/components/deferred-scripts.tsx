import { Scripts } from "react-router";
import DEFERRED_BOOT from "#app/lib/deferred-boot.ts?inline-script";

// The app's JavaScript starts loading once the page has painted, not while it is still loading
// (ADR 063): React Router's <Scripts> is kept inert in a <noscript>, and the typed loader
// (app/lib/deferred-boot.ts, compiled into one inline script) starts it after the first frame.
// Without JavaScript the <noscript> holds inert tags and the page reads as plain HTML.

export function DeferredScripts({ nonce }: { nonce: string | undefined }) {
  return (
    <>
      <noscript id="rr-scripts">
        <Scripts nonce={nonce} />
      </noscript>
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: DEFERRED_BOOT }}
      />
    </>
  );
}
