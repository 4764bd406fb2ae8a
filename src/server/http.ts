import "server-only";
import { timingSafeEqual } from "node:crypto";
import { getEnv } from "@/env";
import { CSV_BOM, csvRow } from "@/lib/csv";
import { AppError, type ActionResult, type ErrorCode } from "./errors";
import { logger } from "./logger";
import { decideSameOrigin, type OriginDecision, type OriginPolicy, wrongAddressMessage } from "./same-origin";

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  SLOT_TAKEN: 409,
  INTERNAL: 500,
};

/** An ActionResult as a JSON response with the matching HTTP status (429 for rate limits, …). */
export function resultResponse<T>(result: ActionResult<T>, headers?: Headers): Response {
  const res = Response.json(result, {
    status: result.ok ? 200 : STATUS[result.code],
    headers: { "Cache-Control": "no-store" },
  });
  for (const cookie of headers?.getSetCookie() ?? []) res.headers.append("Set-Cookie", cookie);
  return res;
}

const PEER_HEADER = "x-forecourt-peer";
let warnedNoPeer = false;

/** The socket address stamped by scripts/server.mjs, believed only with this start's key. */
function socketPeer(headers: Headers): string | null {
  const key = getEnv().FORECOURT_PEER_KEY;
  const value = headers.get(PEER_HEADER);
  if (!key || !value) return null;
  const space = value.indexOf(" ");
  if (space < 0) return null;
  const given = Buffer.from(value.slice(0, space));
  const expected = Buffer.from(key);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return value.slice(space + 1).trim() || null;
}

/**
 * The caller's address for rate limiting. With no proxy (TRUSTED_PROXY_HOPS=0) it is the socket peer,
 * whatever X-Forwarded-For says. Behind N proxies each appends the address it saw, so the client is
 * the entry N places from the right; entries further left are whatever the client sent.
 */
export function clientIp(headers: Headers): string {
  const hops = getEnv().TRUSTED_PROXY_HOPS;
  const peer = socketPeer(headers);
  if (hops > 0) {
    const parts = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean);
    const entry = parts[Math.max(0, parts.length - hops)];
    if (entry) return entry;
  }
  if (peer) return peer;
  // `next dev`, or `next start` run by hand: the socket address is unknown and no header can be trusted,
  // so every caller shares one allowance (limits still bite).
  if (!warnedNoPeer) {
    warnedNoPeer = true;
    logger.warn("client address unknown (start with `npm start`): rate limits are shared by all callers");
  }
  return "unknown";
}

/** The same-origin policy of this installation (src/server/same-origin.ts decides). */
export function originPolicy(): OriginPolicy {
  const env = getEnv();
  return {
    appOrigin: new URL(env.APP_URL).origin,
    allowedOrigins: env.ALLOWED_ORIGINS,
    trustProxy: env.TRUSTED_PROXY_HOPS > 0,
  };
}

/** The decision for this request; a refusal is logged (origin, host, path) at warn. */
export function checkOrigin(request: Request): OriginDecision {
  const decision = decideSameOrigin(request, originPolicy());
  if (!decision.ok) {
    let path = "";
    try {
      path = new URL(request.url).pathname;
    } catch {}
    logger.warn(
      { origin: decision.origin, host: decision.host, path, reason: decision.reason },
      "refused a request from another address",
    );
  }
  return decision;
}

/**
 * State-changing endpoints accept only requests from this site (the request's own host, APP_URL or
 * ALLOWED_ORIGINS — issue 28 #2). The refusal tells the person where the site works.
 */
export function assertSameOrigin(request: Request): void {
  if (!checkOrigin(request).ok) throw new AppError("FORBIDDEN", wrongAddressMessage(getEnv().APP_URL));
}

/**
 * State-changing JSON endpoints accept only same-site JSON: a cross-site HTML form can send neither
 * `Content-Type: application/json` nor a same-origin `Origin`, so login CSRF and email-bombing from
 * other sites are refused.
 */
export function assertSameSiteJson(request: Request): void {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json"))
    throw new AppError("FORBIDDEN", "Unsupported request.");
  assertSameOrigin(request);
}

export async function readJson(request: Request): Promise<unknown> {
  return request.json().catch(() => null);
}

/**
 * A CSV download streamed chunk by chunk: the byte-order mark and header row first, then each chunk the
 * generator yields, the next read only when the client has taken the last (back-pressure). Every CSV
 * export (bookings, reports, tax documents, customers) answers with it.
 */
export function csvDownloadResponse(
  filename: string,
  header: string[],
  chunks: AsyncGenerator<string>,
  failure: string,
): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(header)));
    },
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(next.value));
      } catch (err) {
        // Headers are sent: the download ends short rather than with a page of error text.
        logger.error({ err }, failure);
        controller.error(new Error("export failed"));
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
