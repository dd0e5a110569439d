// React in the browser is Preact's React layer (ADR 048 for the islands, ADR 055 for React
// Router's pages): the same components, rendered by React on the server and hydrated by ~10 KB
// instead of React DOM's ~60 KB. One list, used by both browser builds.
import { resolve } from "node:path";
import type { Plugin } from "vite";

const aliases: Record<string, string> = {
  react: resolve("app/lib/preact-react.ts"),
  "react-dom": resolve("app/lib/preact-react-dom.ts"),
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/jsx-runtime",
  "react/jsx-dev-runtime": "preact/jsx-runtime",
};

// For the islands build, which has only the browser environment.
export const preactAliases = Object.entries(aliases).map(([name, replacement]) => ({
  find: new RegExp(`^${name}$`),
  replacement,
}));

// For React Router's build, whose server environment must keep React: the browser environment's
// imports are answered here. Only in `build`: the dev server keeps React DOM for Fast Refresh.
export function preactInTheBrowser(): Plugin {
  return {
    name: "patch:preact-in-the-browser",
    apply: "build",
    enforce: "pre",
    // The root layout asks this to render the document's children into <html> (ADR 055).
    configEnvironment(name) {
      if (name === "client") return { define: { "import.meta.env.PREACT": "true" } };
    },
    resolveId(source, importer, options) {
      if (this.environment.name !== "client") return null;
      const target = aliases[source];
      if (!target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}
