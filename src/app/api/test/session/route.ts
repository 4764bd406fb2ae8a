import { createTestSession, testSessionInput } from "@/modules/accounts/server/test-hooks";
import { testRoute } from "@/server/test-routes";

// End-to-end tests only (ENABLE_TEST_ROUTES=1): a session for a known user, without the rate limit.
async function handlePost(request: Request) {
  const parsed = testSessionInput.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ ok: false }, { status: 400 });
  const headers = await createTestSession(parsed.data);
  const res = Response.json({ ok: true });
  for (const c of headers.getSetCookie()) res.headers.append("Set-Cookie", c);
  return res;
}

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = testRoute({ POST: handlePost });
