import "server-only";
import type { ActionResult, ErrorCode } from "./errors";

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
 * The caller's address for rate limiting: the first X-Forwarded-For hop (set by the proxy in front of
 * the app, and by Next.js itself when it is reached directly).
 */
export function clientIp(request: Request): string {
  const xff = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return xff || request.headers.get("x-real-ip") || "unknown";
}

export async function readJson(request: Request): Promise<unknown> {
  return request.json().catch(() => null);
}
