import { testRoute } from "@/server/test-routes";
import { publishTestEvent } from "@/modules/settings/server/test-hooks";

// End-to-end tests only (ENABLE_TEST_ROUTES=1): publish a live event to the admins.
async function handlePost(request: Request) {
  const reference = new URL(request.url).searchParams.get("reference") ?? "TEST";
  const id = await publishTestEvent(reference.slice(0, 40));
  return Response.json({ ok: true, id });
}

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = testRoute({ POST: handlePost });
