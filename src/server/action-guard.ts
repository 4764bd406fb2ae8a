import "server-only";
import { getEnv } from "@/env";
import { ACTION_BODY_LIMIT, jsonArgumentProblem, multipartBoundary, multipartProblem } from "./action-body";
import { checkOrigin } from "./http";
import { logger } from "./logger";
import { wrongAddressMessage } from "./same-origin";

// Server-action requests are refused in src/proxy.ts, before Next parses them, when Next would answer a
// 500 (issue 28 #6): another site's Origin → 403 (and the person is told where the site works), a content
// type the client never sends → 415, a body over Next's 1 MB limit → 413, and a body React's decoder would
// choke on (not JSON, nested 50k deep, multipart cut short) → 400.

const ACTION_TYPES = ["multipart/form-data", "application/x-www-form-urlencoded", "text/plain"];

/**
 * A server action: Next's client sends a `Next-Action` header; a form posted before hydration (no header)
 * is a multipart POST to a page. Route handlers under /api check their own requests (src/server/actions/route.ts).
 */
export function isServerActionRequest(request: Request, pathname: string): boolean {
  if (request.method !== "POST") return false;
  if (request.headers.has("next-action")) return true;
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  return !pathname.startsWith("/api/") && type.startsWith("multipart/form-data");
}

function refusal(request: Request, status: number, message: string): Response {
  const headers = { "Cache-Control": "no-store" };
  // Next's client throws an Error with a text/plain (exactly) answer's text: the person sees the message.
  if (request.headers.has("next-action"))
    return new Response(message, { status, headers: { ...headers, "Content-Type": "text/plain" } });
  if ((request.headers.get("accept") ?? "").includes("text/html")) {
    const text = message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    return new Response(
      `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
        `<title>Request refused</title><main style="font-family:system-ui;max-width:36rem;margin:4rem auto;padding:0 1rem">` +
        `<h1>That didn't go through</h1><p>${text}</p></main></html>`,
      { status, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } },
    );
  }
  const code = status === 403 ? "FORBIDDEN" : "VALIDATION";
  return Response.json({ ok: false, code, message }, { status, headers });
}

/** The body, or "too large" once more than `limit` bytes arrived (a chunked body has no length to check). */
async function readCapped(request: Request, limit: number): Promise<Uint8Array | "too large"> {
  const body = request.clone().body;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: cancelling one branch of a cloned (teed) body settles only when the other is too.
      void reader.cancel().catch(() => undefined);
      return "too large";
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A refusal for a server-action request Next would fail on, or null to let it through. */
export async function guardServerAction(request: Request, pathname: string): Promise<Response | null> {
  const refuse = (status: number, reason: string, message: string) => {
    if (status !== 403) logger.warn({ path: pathname, reason, status }, "refused a server action request");
    return refusal(request, status, message);
  };
  if (!checkOrigin(request).ok) return refuse(403, "origin", wrongAddressMessage(getEnv().APP_URL));

  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  const type = (contentType.split(";")[0] ?? "").trim();
  if (!ACTION_TYPES.includes(type))
    return refuse(415, `content type ${type || "(none)"}`, "Unsupported request.");

  const tooLarge = "That was too much to send at once (over 1 MB). Please send less and try again.";
  const length = request.headers.get("content-length");
  if (length !== null) {
    if (!/^\d+$/.test(length.trim())) return refuse(400, "bad Content-Length", "Unsupported request.");
    if (Number(length) > ACTION_BODY_LIMIT) return refuse(413, `Content-Length ${length}`, tooLarge);
  }
  if (type === "application/x-www-form-urlencoded") return null; // Next answers these itself (404/no action)

  // ≤ 1 MB here (or chunked, read up to the limit): reading a copy costs well under a millisecond for a
  // normal action's few hundred bytes; Next still gets the original stream.
  const body = await readCapped(request, ACTION_BODY_LIMIT);
  if (body === "too large") return refuse(413, "chunked body over the limit", tooLarge);
  const unreadable = "The form could not be read. Reload the page and try again.";
  if (type === "text/plain") {
    const problem = jsonArgumentProblem(new TextDecoder().decode(body));
    return problem ? refuse(400, problem, unreadable) : null;
  }
  const boundary = multipartBoundary(request.headers.get("content-type") ?? "");
  if (!boundary) return refuse(400, "multipart without a boundary", unreadable);
  const problem = multipartProblem(body, boundary);
  return problem ? refuse(400, problem, unreadable) : null;
}
