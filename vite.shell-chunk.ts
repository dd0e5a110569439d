// React Router's browser build makes every route module an entry, so a module that the root
// layout and a page both import becomes a chunk of its own: /checkout fetched 32 scripts, 25 of them
// under 3 KB, each with its own request and headers. Everything the root layout and the client
// entry reach is loaded on every page anyway, so it is put in one "shell" chunk (issue 20).
// Nothing only some pages use joins it, and the two modules themselves keep their own chunks.
import type { Plugin } from "vite";

export function shellChunk(entries: RegExp): Plugin {
  const shell = new Set<string>();
  return {
    name: "patch:shell-chunk",
    apply: "build",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: { groups: [{ name: "shell", test: (id: string) => shell.has(id) }] },
            },
          },
        },
      };
    },
    // The module graph is whole once the build ends, before any chunk is made.
    buildEnd() {
      if (this.environment.name !== "client") return;
      shell.clear();
      const stack = [...this.getModuleIds()].filter((id) => entries.test(id));
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        if (shell.has(id)) continue;
        shell.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      // The two themselves stay where they are: the client entry hydrates when it runs, which
      // must wait for the route modules that the page's own script registers first.
      for (const id of shell) if (entries.test(id)) shell.delete(id);
    },
  };
}
