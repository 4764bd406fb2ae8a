import "server-only";
import { desc, sql } from "drizzle-orm";
import { getEnv, jobsRunInWeb } from "@/env";
import { getSessionUser } from "@/server/auth";
import { getDatabase } from "@/server/db";
import { workerHeartbeats } from "@/server/db/schema";
import { getMailTransport } from "@/server/email/transport";
import { HEARTBEAT_MS } from "@/server/jobs/runtime";
import { logger } from "@/server/logger";
import { metricsAccess } from "@/server/metrics";
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

/**
 * Who may read the checks' details (version, database kind, job heartbeat, mail server state): the
 * monitoring system with the metrics token, or a signed-in admin. Everyone else learns up or down only
 * (issue 28 #7). The session is looked up only when a cookie is sent, and a failed lookup (the database
 * is down) just means "no details": the answer must never wait on it.
 */
export async function canSeeHealthDetails(headers: Headers): Promise<boolean> {
  if (metricsAccess(headers.get("authorization")) === "ok") return true;
  if (!headers.get("cookie")) return false;
  try {
    const user = await withTimeout(getSessionUser(headers), 3000);
    return user?.role === "admin";
  } catch (err) {
    logger.warn({ err }, "health check: could not read the session");
    return false;
  }
}

const noStore = { "Cache-Control": "no-store" };

/** GET /api/health: `{ status: "ok" | "down" }` for anyone, the whole report for monitoring and admins. */
export async function healthResponse(request: Request): Promise<Response> {
  const [report, detailed] = await Promise.all([getHealth(), canSeeHealthDetails(request.headers)]);
  const status = report.status === "ok" ? 200 : 503;
  const body = detailed ? report : { status: report.status === "ok" ? "ok" : "down" };
  return Response.json(body, { status, headers: noStore });
}

/** GET /api/health/ready: `{ status: "ready" | "not-ready" }`, plus the reason for monitoring and admins. */
export async function readinessResponse(request: Request): Promise<Response> {
  const [ready, detailed] = await Promise.all([getReadiness(), canSeeHealthDetails(request.headers)]);
  const body = { status: ready.ok ? "ready" : "not-ready", ...(detailed ? ready : {}) };
  return Response.json(body, { status: ready.ok ? 200 : 503, headers: noStore });
}
