// `npm run worker`: the background jobs for a PostgreSQL deployment (the web processes run none).
import { getEnv } from "@/env";
import { closeDatabase, getDatabase } from "@/server/db";
import { composeApp } from "@/composition";
import { startAppJobs } from "@/composition/jobs";
import { logger } from "@/server/logger";

async function main() {
  if (!getEnv().DATABASE_URL) {
    console.error(
      "npm run worker needs DATABASE_URL: with the embedded database the web process runs the jobs itself.",
    );
    process.exit(1);
  }
  composeApp();
  const handle = await getDatabase();
  const jobs = await startAppJobs(handle);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "worker stopping: finishing running jobs");
    await jobs.stop();
    await closeDatabase();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
