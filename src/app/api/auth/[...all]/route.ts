import { getAuth } from "@/server/auth";
import { getEnv } from "@/env";
import { checkOrigin } from "@/server/http";
import { wrongAddressMessage } from "@/server/same-origin";

// Only the better-auth endpoints the browser needs directly are open: reading the session and signing
// out. Every other flow goes through /api/account/*, which applies Forecourt's rate limits and
// enumeration-safe answers before calling better-auth in-process.
const OPEN = new Set(["GET /api/auth/get-session", "POST /api/auth/sign-out"]);

async function handle(request: Request) {
  const { pathname, searchParams } = new URL(request.url);
  const route = `${request.method} ${pathname}`;
  if (route === "GET /api/auth/verify-email") {
    // Links sent before confirmation moved to its own page still work, but only reach that page: a
    // GET (possibly from another site) never verifies or signs in (ADR 0012).
    const page = new URL("/auth/verify-email", getEnv().APP_URL);
    const token = searchParams.get("token");
    if (token) page.searchParams.set("token", token);
    return Response.redirect(page, 303);
  }
  if (!OPEN.has(route)) return Response.json({ message: "Not found" }, { status: 404 });
  // better-auth checks the origin too (trustedOrigins, the same decision); refusing here first says why.
  if (request.method === "POST" && !checkOrigin(request).ok)
    return Response.json({ message: wrongAddressMessage(getEnv().APP_URL) }, { status: 403 });
  const auth = await getAuth();
  const response = await auth.handler(request);
  return route === "GET /api/auth/get-session" ? withoutSessionToken(response) : response;
}

/**
 * The session token is the cookie's secret; scripts have no use for it (the cookie is httpOnly for that
 * reason), so the body never carries it.
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.ok) return response;
  const body = (await response.json().catch(() => null)) as {
    session?: Record<string, unknown>;
  } | null;
  if (body?.session) delete body.session.token;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

export { handle as GET, handle as POST };
