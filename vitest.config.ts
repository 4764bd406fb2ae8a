import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname, "src"),
  "@tests": path.resolve(import.meta.dirname, "tests"),
  // `server-only` throws outside React Server Components; tests run server code directly.
  "server-only": path.resolve(import.meta.dirname, "tests/setup/empty.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // The default report, then the PostgreSQL-only tests a run without TEST_DATABASE_URL skipped, by name.
    reporters: ["default", "./tests/setup/skipped-on-pglite.ts"],
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["src/**/*.integration.test.ts", "tests/integration/**/*.integration.test.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/integration-env.ts"],
          // Migrates once, into the copies every test database starts from (ADR 0049).
          globalSetup: ["tests/setup/integration-global.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files share one PostgreSQL database when TEST_DATABASE_URL is set; each gets its own schema.
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Fault injection against a production build (npm run test:faults): not part of `npm test`.
        resolve: { alias },
        test: {
          name: "faults",
          include: ["tests/faults/**/*.faults.test.ts"],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
