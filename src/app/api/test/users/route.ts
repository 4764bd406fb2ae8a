import { banTestUser, createTestUser, testUserInput } from "@/modules/accounts/server/test-hooks";
import { testRoute } from "@/server/test-routes";

// End-to-end tests only (ENABLE_TEST_ROUTES=1): create a user, or ban one (?ban=1).
async function handlePost(request: Request) {
  const body = await request.json().catch(() => null);
  if (new URL(request.url).searchParams.get("ban")) {
    await banTestUser(String(body?.email ?? ""));
    return Response.json({ ok: true });
  }
  const parsed = testUserInput.safeParse(body);
  if (!parsed.success) return Response.json({ ok: false }, { status: 400 });
  return Response.json({ ok: true, data: await createTestUser(parsed.data) });
}

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = testRoute({ POST: handlePost });
