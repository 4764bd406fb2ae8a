import { metricsAccess, renderMetrics } from "@/server/metrics";

export const dynamic = "force-dynamic";

/** Prometheus scrape endpoint: `Authorization: Bearer $METRICS_TOKEN`. Not there unless the token is set. */
export async function GET(request: Request): Promise<Response> {
  const access = metricsAccess(request.headers.get("authorization"));
  if (access === "disabled") return new Response("Not found", { status: 404 });
  if (access === "denied")
    return new Response("Unauthorized", {
      status: 401,
      headers: { "WWW-Authenticate": 'Bearer realm="metrics"' },
    });
  const { body, contentType } = await renderMetrics();
  return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
}
