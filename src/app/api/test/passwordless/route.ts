import { notFound } from "next/navigation";
import { createTestPasswordless, testPasswordlessInput } from "@/modules/accounts/server/test-hooks";
import { testRoutesEnabled } from "@/server/test-routes";

// End-to-end tests only (ENABLE_TEST_ROUTES=1): run the password-less customer use case.
export async function POST(request: Request) {
  if (!testRoutesEnabled()) notFound();
  const parsed = testPasswordlessInput.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ ok: false }, { status: 400 });
  return Response.json({ ok: true, data: await createTestPasswordless(parsed.data) });
}
