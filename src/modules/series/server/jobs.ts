import "server-only";
import type { JobDefinition } from "@/server/jobs/runtime";
import { logger } from "@/server/logger";
import { extendSeries } from "./extend-series";

/** Repeat bookings' background work (ADR 0052, amended). */
export const seriesJobs: JobDefinition[] = [
  {
    // Daily, 02:23 UTC (after midnight in the business's zone, quiet hours): the dates the booking horizon
    // has reached are held for every active series. Idempotent: a rerun (a retry, two workers) holds nothing twice.
    queue: "series-extend",
    schedule: "23 2 * * *",
    handle: async (_data, { db }) => {
      const run = await extendSeries(db);
      if (run.held + run.notFree + run.failed > 0) logger.info(run, "repeat bookings extended");
    },
  },
];
