import { testRoute } from "@/server/test-routes";
import { applyTestSettings, testSettingsInput } from "@/modules/settings/server/test-hooks";

// End-to-end tests only (ENABLE_TEST_ROUTES=1): change the settings the policy pages are built from.
async function handlePost(request: Request) {
  const parsed = testSettingsInput.safeParse(await request.json().catch(() => null));
  if (!parsed.success)
    return Response.json({ ok: false, fieldErrors: parsed.error.flatten().fieldErrors }, { status: 400 });
  await applyTestSettings(parsed.data);
  return Response.json({ ok: true });
}

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = testRoute({ POST: handlePost });
