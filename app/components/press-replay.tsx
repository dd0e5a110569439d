// The inline script that keeps presses made before hydration (app/lib/press-capture.ts, ADR 030),
// rendered first thing in <head> by the root layout with the render's CSP nonce (its id lets the
// presses bench take it out).
import PRESS_CAPTURE from "#app/lib/press-capture.ts?inline-script";

export function PressReplay({ nonce }: { nonce: string | undefined }) {
  return (
    <script id="press-capture" nonce={nonce} dangerouslySetInnerHTML={{ __html: PRESS_CAPTURE }} />
  );
}
