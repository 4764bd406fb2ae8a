import "server-only";
import { getEnv, jobsRunInWeb } from "@/env";
import { closeDatabase, getDatabase } from "@/server/db";
import type { JobRuntime } from "@/server/jobs/runtime";
import { composeApp } from "./index";
import { startAppJobs } from "./jobs";
import { logger } from "@/server/logger";
import { prepareDatabase } from "./prepare-database";
import { DEMO_ADMIN, DEMO_CUSTOMER, DEMO_STAFF } from "@/composition/seed/demo-data";

const g = globalThis as unknown as {
  __forecourtBoot?: Promise<void>;
  __forecourtJobs?: JobRuntime;
  /** Stops the jobs and closes the database; scripts/server.mjs calls it once its requests have drained. */
  __forecourtShutdown?: (signal: string) => Promise<void>;
};

/**
 * Runs once per web process (from instrumentation.ts): open the database and migrate it, seed the
 * demo business into an empty database, start the background jobs when this process owns them, and
 * stop everything cleanly on SIGINT/SIGTERM.
 */
export function bootServer(): Promise<void> {
  g.__forecourtBoot ??= boot().catch((err) => {
    // An invalid environment also stops the logger from being built: the message below still says why.
    try {
      logger.fatal({ err: err instanceof Error ? err.message : err }, "startup failed");
    } catch {}
    process.stderr.write(
      `\nForecourt could not start:\n${err instanceof Error ? err.message : String(err)}\n\n`,
    );
    process.exit(1);
  });
  return g.__forecourtBoot;
}

async function boot() {
  composeApp();
  const started = Date.now();
  const handle = await getDatabase();
  logger.info({ db: handle.kind, ms: Date.now() - started }, "database ready (migrations applied)");

  // The embedded default is a demo; a PostgreSQL installation starts with its settings record only.
  const { demo, demoSeeded, settingsSeeded } = await prepareDatabase(handle);
  if (demoSeeded) logger.info("demo business seeded");
  if (settingsSeeded) logger.info("default settings created");
  if (demo) printDemoLogins(demoSeeded);

  if (jobsRunInWeb()) {
    g.__forecourtJobs = await startAppJobs(handle);
  } else {
    logger.info("background jobs run in the worker process (npm run worker)");
  }

  // Ctrl-C reaches both `npm start`'s launcher and this process, so a signal can arrive twice: the
  // handler stays installed and ignores repeats instead of letting a second signal kill the shutdown.
  let shuttingDown: Promise<void> | null = null;
  g.__forecourtShutdown = (signal: string) =>
    (shuttingDown ??= (async () => {
      logger.info({ signal }, "shutting down");
      await g.__forecourtJobs?.stop();
      await closeDatabase();
    })());
  // The production server (scripts/server.mjs) first lets the requests in flight finish, then calls the
  // shutdown above (ADR 0035); anywhere else (`next dev`) a signal stops the app here.
  if (process.env.FORECOURT_SERVER_DRAINS !== "1") {
    const stop = (signal: string) => void g.__forecourtShutdown?.(signal).finally(() => process.exit(0));
    process.on("SIGTERM", () => stop("SIGTERM"));
    process.on("SIGINT", () => stop("SIGINT"));
  }
}

function printDemoLogins(seededNow: boolean) {
  const env = getEnv();
  process.stdout.write(
    [
      "",
      `  Forecourt is running on ${env.APP_URL}${seededNow ? " (demo business seeded)" : ""}`,
      `  Demo admin:    ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
      `  Demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`,
      `  Demo technician: ${DEMO_STAFF.email} / ${DEMO_STAFF.password} (on a phone: /staff)`,
      "",
      "",
    ].join("\n"),
  );
}
