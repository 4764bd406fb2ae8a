import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import forecourt from "./eslint-rules/module-boundaries.mjs";

// Links come from @/components/ui/link, which doesn't prefetch unless asked (ADR 0039).
const linkRule = {
  name: "next/link",
  message: "Use @/components/ui/link: it prefetches only when asked (ADR 0039).",
};
const linksWithoutPrefetch = {
  files: ["src/**/*.{ts,tsx}"],
  ignores: ["src/components/ui/link.tsx"],
  rules: { "no-restricted-imports": ["error", { paths: [linkRule] }] },
};

// Layer rules from docs/code-style.md: the app never touches the database directly, and pure code
// (domain/, lib/) never reaches into server code or React.
const noDbInApp = {
  files: ["src/app/**/*.{ts,tsx}"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        paths: [linkRule],
        patterns: [
          {
            group: ["@/server/db", "@/server/db/*", "**/server/db/**"],
            message: "Pages read through src/modules/*/server/queries, never the database client.",
          },
        ],
      },
    ],
  },
};

const purePure = {
  files: ["src/modules/*/domain/**/*.ts", "src/lib/**/*.ts"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          { group: ["@/server/*", "**/server/**"], message: "domain/ and lib/ are pure: no server imports." },
          {
            group: ["react", "react-dom", "next", "next/*"],
            message: "domain/ and lib/ are pure: no React.",
          },
        ],
      },
    ],
  },
};

// Modules reach each other through public surfaces and write only their own tables (ADR 0016).
const boundaries = {
  files: ["src/**/*.{ts,tsx}"],
  plugins: { forecourt },
  rules: { "forecourt/module-boundaries": "error" },
};

// Public surfaces name what they export (no `export *`), and files and server functions stay a size one
// can read (docs/code-style.md): 400 lines a file, 120 a server function, blank lines and comments aside.
const namedSurfaces = {
  files: ["src/**/*.{ts,tsx}"],
  // Drizzle's schema is one object made of every table file: its barrel is the schema, not a surface.
  ignores: ["src/server/db/schema/index.ts"],
  rules: {
    "no-restricted-syntax": [
      "error",
      {
        selector: "ExportAllDeclaration[exported=null]",
        message: "Name what a module exports: `export { a, b } from`, not `export *`.",
      },
    ],
  },
};
// A module keeps no process-wide state of its own: what it needs from a module above it is a port that
// the composition root passes in (src/server/ports.ts, ADR 0045).
const noModuleGlobals = {
  files: ["src/modules/**/*.{ts,tsx}"],
  rules: {
    "no-restricted-globals": [
      "error",
      {
        name: "globalThis",
        message: "Declare a port (src/server/ports.ts) and let the composition root pass it in (ADR 0045).",
      },
    ],
  },
};
const fileSize = {
  files: ["src/**/*.{ts,tsx}"],
  ignores: ["src/server/db/schema/**"],
  rules: { "max-lines": ["error", { max: 400, skipBlankLines: true, skipComments: true }] },
};
const serverFunctionSize = {
  files: [
    "src/modules/*/server/**/*.ts",
    "src/server/**/*.ts",
    "src/composition/**/*.ts",
    "src/modules/*/*actions.ts",
  ],
  ignores: ["**/*.test.ts"],
  rules: {
    "max-lines-per-function": ["error", { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true }],
  },
};

// No import cycles (ADR 0044): a module's dependencies run one way, through public surfaces, so a cycle
// between modules shows as a cycle through their index files. The server side is where modules meet; the
// schema's tables refer to each other by design (foreign keys both ways) and are left out.
const noCycles = {
  files: ["src/modules/**/*.ts", "src/server/**/*.ts", "src/composition/**/*.ts", "src/lib/**/*.ts"],
  ignores: ["src/server/db/schema/**", "**/*.test.ts"],
  settings: { "import/ignore": ["node_modules"] },
  rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
};

const config = [
  { ignores: [".next/**", "node_modules/**", "drizzle/**", ".data/**", "next-env.d.ts", "test-results/**"] },
  ...nextVitals,
  ...nextTs,
  linksWithoutPrefetch,
  noDbInApp,
  purePure,
  boundaries,
  namedSurfaces,
  fileSize,
  serverFunctionSize,
  noCycles,
  noModuleGlobals,
  {
    rules: {
      "no-console": ["error", { allow: ["warn", "error"] }],
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["scripts/**/*.{ts,mjs}", "tests/**/*.{ts,mjs}"],
    rules: { "no-console": "off" },
  },
];

export default config;
