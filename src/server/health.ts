import "server-only";
import { desc, sql } from "drizzle-orm";
import { getEnv, jobsRunInWeb } from "@/env";
import { getDatabase } from "@/server/db";
import { workerHeartbeats } from "@/server/db/schema";
import { getMailTransport } from "@/server/email/transport";
import { HEARTBEAT_MS } from "@/server/jobs/runtime";
import { logger } from "@/server/logger";
import packageJson from "../../package.json";

export type CheckResult = { ok: boolean; detail: string };
export type HealthReport = {
  status: "ok" | "degraded";
  version: string;
  checks: { database: CheckResult; jobs: CheckResult; email: CheckResult };
};

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, rej) => setTimeout(() => rej(new Error(`timed out after ${ms} ms`)), ms).unref()),
  ]);

let emailCache: { at: number; result: CheckResult } | null = null;

async function checkEmail(): Promise<CheckResult> {
  const t = getMailTransport();
  if (t.kind === "log")
    return { ok: true, detail: "No SMTP_URL: emails are kept in the outbox and logged, not sent" };
  if (emailCache && Date.now() - emailCache.at < 30_000) return emailCache.result;
  let result: CheckResult;
  try {
    await withTimeout(t.verify(), 5000);
    result = { ok: true, detail: "SMTP server reachable" };
  } catch (err) {
    logger.warn({ err }, "SMTP check failed");
    result = { ok: false, detail: "SMTP server not reachable" };
  }
  emailCache = { at: Date.now(), result };
  return result;
}

/** Whether this instance can serve: its database answers within 3 s. */
export async function getReadiness(): Promise<CheckResult> {
  try {
    const handle = await withTimeout(getDatabase(), 5000);
    await withTimeout(handle.db.execute(sql`SELECT 1`), 3000);
    return { ok: true, detail: "Database reachable" };
  } catch (err) {
    logger.error({ err }, "readiness check: database unavailable");
    return { ok: false, detail: "Database unavailable" };
  }
}

/** Database, background jobs and email transport; internal error text is logged, never returned. */
export async function getHealth(): Promise<HealthReport> {
  let database: CheckResult;
  let jobs: CheckResult;
  try {
    const handle = await withTimeout(getDatabase(), 5000);
    await withTimeout(handle.db.execute(sql`SELECT 1`), 3000);
    database = { ok: true, detail: handle.kind === "pglite" ? "Embedded PostgreSQL (PGlite)" : "PostgreSQL" };
    const [beat] = await handle.db
      .select()
      .from(workerHeartbeats)
      .orderBy(desc(workerHeartbeats.beatAt))
      .limit(1);
    const ageMs = beat ? Date.now() - beat.beatAt.getTime() : Infinity;
    const where = jobsRunInWeb() ? "in the web process" : "in the worker process";
    jobs =
      ageMs <= HEARTBEAT_MS * 3
        ? { ok: true, detail: `Running ${where} (last heartbeat ${Math.round(ageMs / 1000)} s ago)` }
        : {
            ok: false,
            detail: beat ? `No heartbeat ${where} for ${Math.round(ageMs / 1000)} s` : `Not running ${where}`,
          };
  } catch (err) {
    logger.error({ err }, "health check: database unavailable");
    database = { ok: false, detail: "Database unavailable" };
    jobs = { ok: false, detail: "Unknown (database unavailable)" };
  }
  const email = await checkEmail();
  const ok = database.ok && jobs.ok && email.ok;
  return {
    status: ok ? "ok" : "degraded",
    version: `${packageJson.version}${getEnv().NODE_ENV === "production" ? "" : "-dev"}`,
    checks: { database, jobs, email },
  };
}
