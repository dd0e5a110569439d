// Outside production this page crashes on purpose, so the crash screen can be seen and tested;
// like the mailbox, only with the key the server prints at start (app/lib/dev-tools-gate.server.ts).
import { noindexMeta } from "#app/lib/seo.ts";
import { requireDevTools } from "#app/lib/dev-tools-gate.server.ts";
import type { Route } from "./+types/dev-crash";

export function loader({ request }: Route.LoaderArgs) {
  requireDevTools(request);
  throw new Error("Deliberate crash from /_dev/crash");
}

export const meta = () => noindexMeta("Something went wrong");

export default function DevCrash() {
  return null;
}
