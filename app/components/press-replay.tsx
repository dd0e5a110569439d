// The inline script that keeps presses made before hydration (app/lib/press-replay.ts, ADR 030),
// rendered first thing in <head> by the root layout with the render's CSP nonce.
import { PRESS_REPLAY_SCRIPT } from "#app/lib/press-replay.ts";

export function PressReplay({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PRESS_REPLAY_SCRIPT }} />;
}
