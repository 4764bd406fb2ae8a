import { notFound } from "next/navigation";
import { banTestUser, createTestUser, testUserInput } from "@/modules/accounts/server/test-hooks";
import { testRoutesEnabled } from "@/server/test-routes";

// End-to-end tests only (ENABLE_TEST_ROUTES=1): create a user, or ban one (?ban=1).
export async function POST(request: Request) {
  if (!testRoutesEnabled()) notFound();
  const body = await request.json().catch(() => null);
  if (new URL(request.url).searchParams.get("ban")) {
    await banTestUser(String(body?.email ?? ""));
    return Response.json({ ok: true });
  }
  const parsed = testUserInput.safeParse(body);
  if (!parsed.success) return Response.json({ ok: false }, { status: 400 });
  return Response.json({ ok: true, data: await createTestUser(parsed.data) });
}
