// Where the built islands script is (ADR 017): vite.islands.config.ts writes its manifest beside
// React Router's client build. There is none in development, where every page is React Router's.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { IslandsDocument } from "./island.tsx";

export const ISLANDS_MANIFEST = "build/client/.vite/islands-manifest.json";

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

let found: IslandsDocument | null | undefined;

export function islandsBuild(): IslandsDocument | null {
  if (import.meta.env.DEV) return null;
  if (found !== undefined) return found;
  try {
    const manifest = JSON.parse(readFileSync(resolve(ISLANDS_MANIFEST), "utf8")) as Record<
      string,
      Chunk
    >;
    const entry = Object.values(manifest).find((c) => c.isEntry);
    if (!entry) throw new Error("no entry in the islands manifest");
    const imports = new Set<string>();
    const visit = (keys: string[] = []) => {
      for (const key of keys) {
        const chunk = manifest[key];
        if (chunk && !imports.has(`/${chunk.file}`)) {
          imports.add(`/${chunk.file}`);
          visit(chunk.imports);
        }
      }
    };
    visit(entry.imports);
    found = { entry: `/${entry.file}`, imports: [...imports] };
  } catch {
    // Not built (a test of the server without a client build): pages hydrate as React Router's.
    found = null;
  }
  return found;
}
