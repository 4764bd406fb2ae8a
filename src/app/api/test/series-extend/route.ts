import { runSeriesExtend } from "@/modules/series/server/test-hooks";
import { testRoute } from "@/server/test-routes";

// End-to-end tests only (ENABLE_TEST_ROUTES=1): run the repeat bookings' daily job now.
async function handlePost() {
  return Response.json({ ok: true, data: await runSeriesExtend() });
}

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = testRoute({ POST: handlePost });
