import type { Reporter, TestModule, Vitest } from "vitest/node";

// Without TEST_DATABASE_URL the integration suite runs on PGlite alone, and the tests that need PostgreSQL
// (two transactions at once: PGlite runs one at a time) are skipped (`it.runIf(kind === "postgres")`,
// `describe.runIf(process.env.TEST_DATABASE_URL)`). A skip is counted in the summary but says nothing of
// what went unproven: this reporter names them after the run, and how to run them.

/** The integration tests skipped in this run, as "file > test" lines: what `npm test` on PGlite left out. */
export function skippedIntegrationTests(modules: ReadonlyArray<TestModule>): string[] {
  const names: string[] = [];
  for (const m of modules) {
    if (m.project.name !== "integration") continue;
    for (const test of m.children.allTests())
      if (test.result().state === "skipped" && test.options.mode === "skip")
        names.push(`${m.relativeModuleId} > ${test.fullName}`);
  }
  return names;
}

export default class SkippedOnPglite implements Reporter {
  private filtered = false;

  onInit(vitest: Vitest) {
    // A run narrowed by name (-t) skips every other test: those are not the ones meant here.
    this.filtered = Boolean(vitest.config.testNamePattern);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (process.env.TEST_DATABASE_URL || this.filtered) return;
    const skipped = skippedIntegrationTests(modules);
    if (skipped.length === 0) return;
    console.log(
      `\nSkipped on PGlite: ${skipped.length} PostgreSQL-only tests (races between transactions, ` +
        `PostgreSQL backups). Set TEST_DATABASE_URL to run them (docs/testing.md):\n` +
        skipped.map((name) => `  - ${name}`).join("\n"),
    );
  }
}
