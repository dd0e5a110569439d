// A script that must run before the page's modules (the press capture, app/lib/press-capture.ts)
// is inlined in the document. It is written as ordinary typed source, type-checked and linted with
// the rest; `import script from "./file.ts?inline-script"` gives it compiled and minified into one
// classic script (an IIFE), at build and in the dev server alike. The page's CSP nonce covers it,
// and a kept public page's policy lists its hash (server/page-cache.ts).
import { build, type Plugin, type Rolldown } from "vite";

const SUFFIX = "?inline-script";

export function inlineScripts(): Plugin {
  return {
    name: "patch:inline-script",
    enforce: "pre",
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const file = await this.resolve(source.slice(0, -SUFFIX.length), importer, {
        skipSelf: true,
      });
      return file ? `\0${file.id}${SUFFIX}` : null;
    },
    async load(id) {
      if (!id.startsWith("\0") || !id.endsWith(SUFFIX)) return null;
      const file = id.slice(1, -SUFFIX.length);
      this.addWatchFile(file);
      const built = (await build({
        configFile: false,
        logLevel: "silent",
        build: {
          write: false,
          minify: true,
          lib: { entry: file, formats: ["iife"], name: "inline" },
        },
      })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
      const [chunk] = (Array.isArray(built) ? built[0] : built)?.output ?? [];
      if (!chunk || chunk.type !== "chunk") throw new Error(`${file}: no script was built`);
      return `export default ${JSON.stringify(chunk.code.trim())};`;
    },
  };
}
