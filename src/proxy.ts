import { NextResponse, type NextRequest } from "next/server";
import { getEnv } from "@/env";
import { guardServerAction, isServerActionRequest } from "@/server/action-guard";
import { uncleanAddress } from "@/lib/control-characters";
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
// force-dynamic). Server-action requests that Next would answer with a 500 (another site, wrong content
// type, over 1 MB, a body its decoder can't read) are refused here with a 403/415/413/400 instead.
export async function proxy(request: NextRequest) {
  const env = getEnv();
  if (isServerActionRequest(request, request.nextUrl.pathname)) {
    const refused = await guardServerAction(request, request.nextUrl.pathname);
    if (refused) return refused;
  }
  // A control character in the address (`?q=%00`) would reach a query as text PostgreSQL refuses: a
  // page (GET) is sent to the same address without those parameters, as if they were never given;
  // anything else, or such a path, is a plain 400.
  const unclean = uncleanAddress(new URL(request.url));
  if (unclean === "path" || (unclean && request.method !== "GET" && request.method !== "HEAD"))
    return new NextResponse("Bad request", { status: 400 });
  // An absolute Location on the public address (APP_URL): the host the request arrived on may be an
  // internal one behind a proxy, and Next's proxy adapter can't parse a relative one (it answered 500).
  if (unclean) return NextResponse.redirect(cleanRedirect(unclean, env.APP_URL), 303);
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

/** Where a page whose address held a control character is sent: the same path on the public origin. */
export function cleanRedirect(clean: URL, appUrl: string): URL {
  return new URL(clean.pathname + clean.search, appUrl);
}

export const config = { matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"] };
