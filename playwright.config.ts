import { defineConfig } from "@playwright/test";
import { E2E_METRICS_TOKEN } from "./tests/e2e/support/ops";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
const EMPTY_PORT = PORT + 1;
const emptyBaseURL = `http://127.0.0.1:${EMPTY_PORT}`;
// With TEST_DATABASE_URL (CI), the booking journeys run a second time against an app on PostgreSQL.
const PG_URL = process.env.TEST_DATABASE_URL;
const PG_PORT = PORT + 2;
const pgBaseURL = `http://127.0.0.1:${PG_PORT}`;
const pgDatabase = `forecourt_e2e_${PORT}`;
const pgAppUrl = PG_URL ? Object.assign(new URL(PG_URL), { pathname: `/${pgDatabase}` }).toString() : "";
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    // The browser is somewhere else than the server (UTC) and the business (Europe/London), with another
    // locale: a page that formats a time or a date in the machine's zone or locale shows it here as a
    // hydration mismatch, which the console guard fails (support/fixtures.ts).
    timezoneId: "America/New_York",
    locale: "en-US",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
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
    { name: "demo", testIgnore: "empty-business/**" },
    // A second app on an empty database (settings only): the journeys of a business starting from nothing.
    { name: "empty", testMatch: "empty-business/**", use: { baseURL: emptyBaseURL } },
    ...(PG_URL
      ? [{ name: "postgres", testMatch: "public/book-*.spec.ts", use: { baseURL: pgBaseURL } }]
      : []),
  ],
  webServer: [
    {
      // A real SMTP server: the app's emails land in .data/e2e/mail, where the tests read their links.
      command: "node tests/e2e/support/smtp-sink.mjs",
      url: `http://127.0.0.1:${SMTP_PORT + 1}`,
      reuseExistingServer: false,
      env: { SMTP_SINK_PORT: String(SMTP_PORT) },
    },
    {
      // A fresh embedded database for every run; test-only routes switched on; small known rate limits.
      command: `rm -rf .data/e2e/pglite .data/e2e/uploads && node scripts/start.mjs`,
      url: `${baseURL}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        // The specs change the catalogue or settings and read a public page a few milliseconds later, faster
        // than a person: no shared copies here (the cache has its own tests, ADR 0038).
        PUBLIC_PAGE_CACHE_SECONDS: "0",
        PORT: String(PORT),
        APP_URL: baseURL,
        PGLITE_DIR: ".data/e2e/pglite",
        ENABLE_TEST_ROUTES: "1",
        LOG_LEVEL: "warn",
        NEXT_TELEMETRY_DISABLED: "1",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        EMAIL_FROM: "Shine Street Detailing <bookings@shinestreet.example>",
        AUTH_RATE_LIMIT_PER_EMAIL: "3",
        AUTH_RATE_LIMIT_PER_IP: "500",
        // Every browser shares 127.0.0.1: one allowance for the whole suite, except per account (ADR 0041).
        AUTH_SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP: "3",
        AUTH_SIGN_IN_FAILURES_PER_IP: "500",
        AUTH_SIGN_IN_ATTEMPTS_PER_IP: "5000",
        BOOKING_RATE_LIMIT_PER_IP: "500",
        UPLOADS_DIR: ".data/e2e/uploads",
        METRICS_TOKEN: E2E_METRICS_TOKEN,
      },
    },
    {
      command: `rm -rf .data/e2e/pglite-empty .data/e2e/uploads-empty && node scripts/start.mjs`,
      url: `${emptyBaseURL}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        PUBLIC_PAGE_CACHE_SECONDS: "0",
        PORT: String(EMPTY_PORT),
        APP_URL: emptyBaseURL,
        PGLITE_DIR: ".data/e2e/pglite-empty",
        UPLOADS_DIR: ".data/e2e/uploads-empty",
        SEED_ON_START: "settings",
        ENABLE_TEST_ROUTES: "1",
        LOG_LEVEL: "warn",
        NEXT_TELEMETRY_DISABLED: "1",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        AUTH_RATE_LIMIT_PER_IP: "500",
        AUTH_SIGN_IN_FAILURES_PER_IP: "500",
        AUTH_SIGN_IN_ATTEMPTS_PER_IP: "5000",
        BOOKING_RATE_LIMIT_PER_IP: "500",
      },
    },
    ...(PG_URL
      ? [
          {
            // The demo business on a fresh PostgreSQL database; jobs in the web process (no worker here).
            command: `node tests/e2e/support/postgres-db.mjs && node scripts/start.mjs`,
            url: `${pgBaseURL}/api/health`,
            timeout: 240_000,
            reuseExistingServer: false,
            stdout: "pipe" as const,
            env: {
              PORT: String(PG_PORT),
              APP_URL: pgBaseURL,
              DATABASE_URL: pgAppUrl,
              E2E_PG_DATABASE: pgDatabase,
              TEST_DATABASE_URL: PG_URL,
              AUTH_SECRET: "e2e-postgres-secret-e2e-postgres-secret-0123",
              SEED_ON_START: "demo",
              // A production build on PostgreSQL refuses the test payment provider unless asked for.
              PAYMENTS_PROVIDER: "test",
              JOBS_MODE: "web",
              UPLOADS_DIR: ".data/e2e/uploads-pg",
              ENABLE_TEST_ROUTES: "1",
              LOG_LEVEL: "warn",
              NEXT_TELEMETRY_DISABLED: "1",
              SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
              EMAIL_FROM: "Shine Street Detailing <bookings@shinestreet.example>",
              AUTH_RATE_LIMIT_PER_IP: "500",
              AUTH_SIGN_IN_FAILURES_PER_IP: "500",
              AUTH_SIGN_IN_ATTEMPTS_PER_IP: "5000",
              BOOKING_RATE_LIMIT_PER_IP: "500",
            },
          },
        ]
      : []),
  ],
});
