import { getAuth } from "@/server/auth";

// Only the better-auth endpoints the browser needs directly are open: reading the session, signing
// out, and the emailed verification link. Every other flow goes through /api/account/*, which applies
// Forecourt's rate limits and enumeration-safe answers before calling better-auth in-process.
const OPEN = new Set(["GET /api/auth/get-session", "POST /api/auth/sign-out", "GET /api/auth/verify-email"]);

async function handle(request: Request) {
  const { pathname } = new URL(request.url);
  if (!OPEN.has(`${request.method} ${pathname}`)) {
    return Response.json({ message: "Not found" }, { status: 404 });
  }
  const auth = await getAuth();
  return auth.handler(request);
}

export { handle as GET, handle as POST };
