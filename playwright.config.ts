import { defineConfig } from "@playwright/test";
import { chromePath } from "./scripts/chrome-path.mjs";
import { E2E_METRICS_TOKEN } from "./tests/e2e/support/ops";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
// With TEST_DATABASE_URL (CI), the second demo app runs on PostgreSQL; without it, on a second PGlite.
const PG_URL = process.env.TEST_DATABASE_URL;

// The suite runs on two demo apps at once, one worker each (ADR 0049): every spec file belongs to one of
// them, and each app has its own database, uploads and mail sink, so nothing one worker does is seen by the
// other. In CI the second app runs on PostgreSQL, so the public and customer journeys (booking and paying
// among them) run there, and the back office on PGlite; the use cases under both are proven on both
// databases by the integration suite, and without TEST_DATABASE_URL all runs on PGlite. A third app holds an
// empty business (settings only): the journeys of a business starting from nothing.
const shards = {
  a: { port: PORT, smtpPort: SMTP_PORT, mailDir: ".data/e2e/mail-a" },
  b: { port: PORT + 2, smtpPort: SMTP_PORT + 2, mailDir: ".data/e2e/mail-b" },
  empty: { port: PORT + 1, smtpPort: SMTP_PORT + 4, mailDir: ".data/e2e/mail-empty" },
} as const;
const url = (port: number) => `http://127.0.0.1:${port}`;
const pgDatabase = `forecourt_e2e_${PORT}`;
const pgAppUrl = PG_URL ? Object.assign(new URL(PG_URL), { pathname: `/${pgDatabase}` }).toString() : "";

// Shard b's files; every other demo spec runs on shard a. By measured time (the JSON reporter's per-file
// durations) so both end together: a, the back office and the access matrices (≈ 16 min of tests on 2
// cores); b, the public site, the customer's area and the emails (≈ 16 min).
const SHARD_B = ["customer/**", "public/**", "emails/**"];
// Shard a runs the rest.
const SHARD_A_IGNORES = ["empty-business/**", ...SHARD_B];

/** The environment every demo app shares: test routes on, small known rate limits, no page cache. */
function appEnv(shard: { port: number; smtpPort: number }) {
  return {
    // The specs change the catalogue or settings and read a public page a few milliseconds later, faster
    // than a person: no shared copies here (the cache has its own tests, ADR 0038).
    PUBLIC_PAGE_CACHE_SECONDS: "0",
    PORT: String(shard.port),
    APP_URL: url(shard.port),
    ENABLE_TEST_ROUTES: "1",
    LOG_LEVEL: "warn",
    NEXT_TELEMETRY_DISABLED: "1",
    SMTP_URL: `smtp://127.0.0.1:${shard.smtpPort}`,
    EMAIL_FROM: "Shine Street Detailing <bookings@shinestreet.example>",
    AUTH_RATE_LIMIT_PER_EMAIL: "3",
    AUTH_RATE_LIMIT_PER_IP: "500",
    // Every browser shares 127.0.0.1: one allowance for the whole suite, except per account (ADR 0041).
    AUTH_SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP: "3",
    AUTH_SIGN_IN_FAILURES_PER_IP: "500",
    AUTH_SIGN_IN_ATTEMPTS_PER_IP: "5000",
    BOOKING_RATE_LIMIT_PER_IP: "500",
    METRICS_TOKEN: E2E_METRICS_TOKEN,
  };
}

/** A real SMTP server per app: its emails land in the shard's folder, where the tests read their links. */
function mailSink(shard: { smtpPort: number; mailDir: string }) {
  return {
    command: "node tests/e2e/support/smtp-sink.mjs",
    url: `http://127.0.0.1:${shard.smtpPort + 1}`,
    reuseExistingServer: false,
    env: { SMTP_SINK_PORT: String(shard.smtpPort), SMTP_SINK_DIR: shard.mailDir },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A test's budget is there to catch a hang, not to time the machine: a journey of a dozen pages, each
  // scanned by axe, takes 20–30 s on 2 quiet cores and more on a busy CI machine, where 30 s failed two
  // such journeys that were only slow (ADR 0049). Waits for a page to show something keep their own 5 s.
  timeout: 60_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: url(shards.a.port),
    // A failed test keeps its trace (actions, DOM snapshots, network, console) but no screencast. Not in
    // CI, where nobody can open one and recording it on every passing test took a fifth of the browser's
    // CPU (ADR 0049): a CI failure is reproduced with `npx playwright test <spec>` here.
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false },
    // The browser is somewhere else than the server (UTC) and the business (Europe/London), with another
    // locale: a page that formats a time or a date in the machine's zone or locale shows it here as a
    // hydration mismatch, which the console guard fails (support/fixtures.ts).
    timezoneId: "America/New_York",
    locale: "en-US",
    launchOptions: {
      // Debian's Chromium, or the browser CHROME_PATH names (scripts/chrome-path.mjs).
      executablePath: chromePath(),
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
      ],
    },
  },
  projects: [
    { name: "demo", testIgnore: SHARD_A_IGNORES, workers: 1, metadata: { mailDir: shards.a.mailDir } },
    {
      name: PG_URL ? "postgres" : "demo-b",
      testMatch: SHARD_B,
      workers: 1,
      use: { baseURL: url(shards.b.port) },
      metadata: { mailDir: shards.b.mailDir },
    },
    {
      name: "empty",
      testMatch: "empty-business/**",
      workers: 1,
      use: { baseURL: url(shards.empty.port) },
      metadata: { mailDir: shards.empty.mailDir },
    },
  ],
  webServer: [
    mailSink(shards.a),
    mailSink(shards.b),
    mailSink(shards.empty),
    {
      // A fresh embedded database for every run.
      command: `rm -rf .data/e2e/pglite .data/e2e/uploads && node scripts/start.mjs`,
      url: `${url(shards.a.port)}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: { ...appEnv(shards.a), PGLITE_DIR: ".data/e2e/pglite", UPLOADS_DIR: ".data/e2e/uploads" },
    },
    {
      command: PG_URL
        ? // The demo business on a fresh PostgreSQL database; jobs in the web process (no worker here).
          `node tests/e2e/support/postgres-db.mjs && node scripts/start.mjs`
        : `rm -rf .data/e2e/pglite-b .data/e2e/uploads-b && node scripts/start.mjs`,
      url: `${url(shards.b.port)}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        ...appEnv(shards.b),
        UPLOADS_DIR: ".data/e2e/uploads-b",
        ...(PG_URL
          ? {
              DATABASE_URL: pgAppUrl,
              E2E_PG_DATABASE: pgDatabase,
              TEST_DATABASE_URL: PG_URL,
              AUTH_SECRET: "e2e-postgres-secret-e2e-postgres-secret-0123",
              SEED_ON_START: "demo",
              // A production build on PostgreSQL refuses the test payment provider unless asked for.
              PAYMENTS_PROVIDER: "test",
              JOBS_MODE: "web",
            }
          : { PGLITE_DIR: ".data/e2e/pglite-b" }),
      },
    },
    {
      command: `rm -rf .data/e2e/pglite-empty .data/e2e/uploads-empty && node scripts/start.mjs`,
      url: `${url(shards.empty.port)}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        ...appEnv(shards.empty),
        PGLITE_DIR: ".data/e2e/pglite-empty",
        UPLOADS_DIR: ".data/e2e/uploads-empty",
        SEED_ON_START: "settings",
      },
    },
  ],
});
