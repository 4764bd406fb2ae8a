import { testRoute } from "@/server/test-routes";
import { lastFreeInterval, reserveForStress } from "@/modules/availability/server/test-hooks";

// Stress runs only (ENABLE_TEST_ROUTES=1). GET: the last free interval of a day. POST {start}: reserve it.
async function handleGet(request: Request) {
  const days = Number(new URL(request.url).searchParams.get("daysAhead") ?? 7);
  return Response.json(await lastFreeInterval(Number.isFinite(days) ? days : 7));
}

async function handlePost(request: Request) {
  const body = (await request.json().catch(() => null)) as { start?: string } | null;
  const start = new Date(body?.start ?? "");
  if (Number.isNaN(start.getTime()))
    return Response.json({ ok: false, reason: "bad_request" }, { status: 400 });
  const result = await reserveForStress(start);
  return Response.json(result, { status: result.ok ? 200 : 409 });
}

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = testRoute({
  GET: handleGet,
  POST: handlePost,
});
