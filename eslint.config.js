// Lint rules that keep the shape of the code (ARCHITECTURE.md "Shape of the code").
import js from "@eslint/js";
import drizzle from "eslint-plugin-drizzle";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const drizzleNames = { drizzleObjectName: ["db", "tx", "database"] };

// One import spelling (ADR 024): a sibling as ./file.ts, anything else as #app/…, #db/…, #server/…,
// #tests/… (package.json "imports"), always with its extension, so Node and Vite read the same.
const oneSpelling = {
  regex:
    "^(~/|\\.\\./|\\.\\.$)|^(\\.|#)(?!/\\+types/)(?!.*\\.(ts|tsx|mjs|js|json|css|svg|png|jpg|webp|woff2|md|txt)(\\?.*)?$)",
  message:
    "Import a sibling as ./file.ts and anything else as #app/… with its extension (ADR 024).",
};

// The one-way module graph (ADR 025). Each area of app/modules may import lib, components/ui and
// the areas listed here, and no others; the list itself must be one-way (checked below), so no two
// areas can lean on each other. A use-case that spans areas goes above them, in app/flows/.
const moduleImports = {
  notifications: [],
  notes: [],
  subscriptions: ["checkout", "credits", "notifications", "payments"],
  credits: [],
  payments: [],
  cart: [],
  marketing: [],
  guidance: ["subscriptions"],
  catalog: ["cart"],
  checkout: ["cart", "payments"],
  orders: ["checkout", "notifications", "payments"],
  accounts: [],
  reminders: ["accounts", "garden", "guidance", "notifications", "subscriptions"],
  waitlist: ["credits", "notifications", "subscriptions"],
  "growing-tips": ["accounts", "guidance", "notifications", "waitlist"],
  garden: ["accounts", "guidance", "notifications", "subscriptions"],
  gifts: ["checkout", "credits", "notifications", "payments", "subscriptions", "waitlist"],
};

// A cycle in the list above would let two areas import each other: refuse to load instead.
(function assertOneWay(graph) {
  const done = new Set();
  const visit = (area, path) => {
    if (path.includes(area))
      throw new Error(`moduleImports has a cycle: ${[...path, area].join(" -> ")}`);
    if (done.has(area)) return;
    for (const next of graph[area] ?? []) visit(next, [...path, area]);
    done.add(area);
  };
  for (const area of Object.keys(graph)) visit(area, []);
})(moduleImports);

const moduleZones = Object.entries(moduleImports).map(([area, allowed]) => ({
  target: `./app/modules/${area}`,
  from: "./app",
  except: [
    "./lib",
    "./components/ui",
    `./modules/${area}`,
    ...allowed.map((other) => `./modules/${other}`),
  ],
  message: `app/modules/${area} may import lib, components/ui and ${allowed.join(", ") || "no other area"} (ADR 025).`,
}));

// Which folder of app/ may import which (ADR 025; ARCHITECTURE.md "Rules the linter keeps").
const folderZones = [
  {
    target: "./app",
    from: "./server",
    message: "Nothing in app/ imports server/: the server imports the app (ADR 025).",
  },
  {
    target: "./app/lib",
    from: "./app",
    except: ["./lib"],
    message: "app/lib imports nothing else of app/ (ADR 025).",
  },
  {
    target: "./app/components/ui",
    from: "./app",
    except: ["./lib", "./components/ui"],
    message: "app/components/ui imports only lib (ADR 025).",
  },
  {
    target: "./app/components",
    from: "./app",
    except: ["./lib", "./components"],
    message: "app/components holds feature-free pieces: lib and components only (ADR 025).",
  },
  {
    target: "./app/shell",
    from: "./app",
    except: ["./lib", "./components", "./modules", "./shell"],
    message: "app/shell composes modules and components; it imports no routes or flows (ADR 025).",
  },
  {
    target: "./app/flows",
    from: "./app",
    except: ["./lib", "./components", "./modules", "./flows"],
    message: "app/flows compose modules; they import no routes or shell (ADR 025).",
  },
];

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "build",
      ".react-router",
      ".data",
      "db/migrations",
      "coverage",
      ".stryker-tmp",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, drizzle },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "drizzle/enforce-delete-with-where": ["error", drizzleNames],
      "drizzle/enforce-update-with-where": ["error", drizzleNames],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Only the settings module reads process.env.
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read settings through app/lib/env.server.ts.",
        },
      ],
      "no-console": ["error", { allow: ["warn", "error"] }],
      "no-restricted-imports": ["error", { patterns: [oneSpelling] }],
    },
  },
  {
    // The module graph (ADR 025): no import cycles anywhere, and the folder zones above. Type-only
    // imports count for the zones (a type is a dependency too) but not for cycles (they vanish at
    // run time).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "db/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] }),
      ],
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        { basePath: import.meta.dirname, zones: [...folderZones, ...moduleZones] },
      ],
    },
  },
  {
    // A test may import whatever it exercises (nothing imports a test, so it can't close a cycle).
    files: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "db/**/*.test.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { basePath: import.meta.dirname, zones: folderZones.slice(0, 1) },
      ],
    },
  },
  {
    // Vitest fixtures call their continuation `use`, which the hooks rule mistakes for React's.
    files: ["tests/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  {
    // Committed art scripts (plain Node ESM).
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", Buffer: "readonly" } },
    rules: { "no-console": "off" },
  },
  {
    files: ["app/lib/env.server.ts", "bench/**", "tests/**", "*.config.ts", "server/dev.ts"],
    rules: { "no-restricted-properties": "off", "no-console": "off" },
  },
  {
    // Modules, shared components and lib never reach up into routes or the server.
    files: ["app/modules/**", "app/components/**", "app/lib/**", "db/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            oneSpelling,
            { group: ["#app/routes/*"], message: "Modules never import routes." },
            { group: ["#server/*"], message: "Modules never import the server." },
          ],
        },
      ],
    },
  },
  {
    // Routes stay thin: no Drizzle in routes/, they call use-cases.
    files: ["app/routes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "drizzle-orm", message: "Routes call use-cases; queries live in modules." },
          ],
          patterns: [
            oneSpelling,
            {
              group: ["#db/schema/*"],
              message: "Routes call use-cases; queries live in modules.",
            },
          ],
        },
      ],
    },
  },
);
