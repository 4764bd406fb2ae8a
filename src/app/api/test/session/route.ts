import { notFound } from "next/navigation";
import { createTestSession, testSessionInput } from "@/modules/accounts/server/test-hooks";
import { testRoutesEnabled } from "@/server/test-routes";

// End-to-end tests only (ENABLE_TEST_ROUTES=1): a session for a known user, without the rate limit.
export async function POST(request: Request) {
  if (!testRoutesEnabled()) notFound();
  const parsed = testSessionInput.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ ok: false }, { status: 400 });
  const headers = await createTestSession(parsed.data);
  const res = Response.json({ ok: true });
  for (const c of headers.getSetCookie()) res.headers.append("Set-Cookie", c);
  return res;
}
