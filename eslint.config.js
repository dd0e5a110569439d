// Lint rules that keep the shape of the code (ARCHITECTURE.md "Shape of the code").
import js from "@eslint/js";
import drizzle from "eslint-plugin-drizzle";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const drizzleNames = { drizzleObjectName: ["db", "tx", "database"] };

// One import spelling (ADR 024): a sibling as ./file.ts, anything else as #app/…, #db/…, #server/…,
// #tests/… (package.json "imports"), always with its extension, so Node and Vite read the same.
const oneSpelling = {
  regex:
    "^(~/|\\.\\./|\\.\\.$)|^(\\.|#)(?!/\\+types/)(?!.*\\.(ts|tsx|mjs|js|json|css|svg|png|jpg|webp|woff2|md|txt)(\\?.*)?$)",
  message: "Import a sibling as ./file.ts and anything else as #app/… with its extension (ADR 024).",
};

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
