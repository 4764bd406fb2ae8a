import { NextResponse, type NextRequest } from "next/server";
import { getEnv } from "@/env";
import {
  contentSecurityPolicy,
  newNonce,
  requestIdFrom,
  strictTransportSecurity,
} from "@/server/security-headers";

// Runs before every request: gives it a request id (echoed in the response and in every log line),
// passes the path on so server guards can send a visitor back here after signing in, and sets this
// response's Content-Security-Policy with a fresh nonce. Next reads the nonce from the request's CSP
// header and puts it on its own scripts (every page is rendered per request: the root layout is
// force-dynamic).
export function proxy(request: NextRequest) {
  const env = getEnv();
  const requestId = requestIdFrom(request.headers.get("x-request-id"));
  const csp = contentSecurityPolicy(newNonce(), { dev: env.NODE_ENV === "development" });
  const headers = new Headers(request.headers);
  headers.set("x-request-id", requestId);
  headers.set("x-forecourt-path", request.nextUrl.pathname + request.nextUrl.search);
  headers.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("x-request-id", requestId);
  response.headers.set("Content-Security-Policy", csp);
  const hsts = strictTransportSecurity(env.APP_URL);
  if (hsts) response.headers.set("Strict-Transport-Security", hsts);
  return response;
}

export const config = { matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"] };
