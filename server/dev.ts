// Development: Vite's dev server in middleware mode, the app loaded through it with live reload.
// Runs on Node 24 directly (type stripping), so this file uses only erasable TypeScript.
process.env.NODE_ENV ??= "development";
const vite = await import("vite");
const server = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
const entry = await server.ssrLoadModule("./server/entry.ts");
await entry.boot({
  dev: {
    middlewares: server.middlewares,
    loadBuild: () => server.ssrLoadModule("virtual:react-router/server-build"),
  },
});

export {};
