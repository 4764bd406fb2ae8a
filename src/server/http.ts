import "server-only";
import { getEnv } from "@/env";
import { AppError, type ActionResult, type ErrorCode } from "./errors";

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

/**
 * The caller's address for rate limiting. Proxies append to X-Forwarded-For, so the trustworthy entry
 * is TRUSTED_PROXY_HOPS places from the right; entries further left are whatever the client sent. (Next
 * sets the header from the socket when no proxy did.)
 */
export function clientIp(headers: Headers): string {
  const hops = getEnv().TRUSTED_PROXY_HOPS;
  const parts = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return headers.get("x-real-ip") ?? "unknown";
  return parts[Math.max(0, parts.length - Math.max(1, hops))] ?? "unknown";
}

/**
 * State-changing endpoints accept only requests from this site: the browser's `Sec-Fetch-Site` and
 * `Origin` headers must not name another site.
 */
export function assertSameOrigin(request: Request): void {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none")
    throw new AppError("FORBIDDEN", "Unsupported request.");
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(getEnv().APP_URL).origin && origin !== new URL(request.url).origin) {
    throw new AppError("FORBIDDEN", "Unsupported request.");
  }
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
