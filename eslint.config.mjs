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

const config = [
  { ignores: [".next/**", "node_modules/**", "drizzle/**", ".data/**", "next-env.d.ts", "test-results/**"] },
  ...nextVitals,
  ...nextTs,
  linksWithoutPrefetch,
  noDbInApp,
  purePure,
  boundaries,
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
