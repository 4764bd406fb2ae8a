import "server-only";
import { timingSafeEqual } from "node:crypto";
import client, { type Registry } from "prom-client";
import { getEnv } from "@/env";
import { logger } from "@/server/logger";
import { readOutboxCounts, readQueueCounts } from "@/server/system-status";

// GET /api/metrics (issue 18): Prometheus text for an operator's scraper — request rate and latency by
// route (counted by the production server, scripts/metrics.mjs), the job queue's depth and failures, the
// outbox's backlog and failed emails, and the process's own (memory, event loop, CPU). Behind a bearer
// token (METRICS_TOKEN); without one set, the endpoint does not exist (404).

const REGISTRY = Symbol.for("forecourt.metrics.registry");
type Holder = { [REGISTRY]?: Registry };

/** The server's registry; `next dev` (no custom server) gets its own, with process metrics only. */
function registry(): Registry {
  const g = globalThis as Holder;
  if (!g[REGISTRY]) {
    const r = new client.Registry();
    client.collectDefaultMetrics({ register: r, prefix: "forecourt_" });
    g[REGISTRY] = r;
  }
  return g[REGISTRY];
}

const gauges = new WeakMap<Registry, Record<string, client.Gauge>>();

function stateGauges(r: Registry) {
  let g = gauges.get(r);
  if (!g) {
    const gauge = (name: string, help: string) => new client.Gauge({ name, help, registers: [r] });
    g = {
      queueDepth: gauge("forecourt_job_queue_depth", "Background jobs waiting to run"),
      queueOverdue: gauge(
        "forecourt_job_queue_overdue",
        "Background jobs waiting more than 5 minutes past their start",
      ),
      jobsFailed: gauge("forecourt_jobs_failed_24h", "Background jobs failed in the last 24 hours"),
      outboxBacklog: gauge("forecourt_outbox_backlog", "Emails waiting in the outbox to be sent"),
      emailsFailed: gauge("forecourt_emails_failed_7d", "Emails that failed for good in the last 7 days"),
      up: gauge("forecourt_database_up", "1 when the database answered this scrape, else 0"),
    };
    gauges.set(r, g);
  }
  return g;
}

/** Whether the request carries the metrics token; null when metrics are switched off. */
export function metricsAccess(authorization: string | null): "ok" | "denied" | "disabled" {
  const token = getEnv().METRICS_TOKEN;
  if (!token) return "disabled";
  const given = Buffer.from((authorization ?? "").replace(/^Bearer\s+/i, ""));
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted) ? "ok" : "denied";
}

/** The scrape: state read from the database now, then every metric as Prometheus text. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const r = registry();
  const g = stateGauges(r);
  try {
    const [queue, outbox] = await Promise.all([readQueueCounts(), readOutboxCounts()]);
    g.queueDepth?.set(queue.waiting);
    g.queueOverdue?.set(queue.late);
    g.jobsFailed?.set(queue.failed);
    g.outboxBacklog?.set(outbox.queued);
    g.emailsFailed?.set(outbox.failed);
    g.up?.set(1);
  } catch (err) {
    logger.warn({ err }, "metrics: database unreadable");
    g.up?.set(0);
  }
  return { body: await r.metrics(), contentType: r.contentType };
}
