import { createTestPasswordless, testPasswordlessInput } from "@/modules/accounts/server/test-hooks";
import { testRoute } from "@/server/test-routes";

// End-to-end tests only (ENABLE_TEST_ROUTES=1): run the password-less customer use case.
async function handlePost(request: Request) {
  const parsed = testPasswordlessInput.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ ok: false }, { status: 400 });
  return Response.json({ ok: true, data: await createTestPasswordless(parsed.data) });
}

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = testRoute({ POST: handlePost });
