import { getHealth } from "@/server/health";
import { withRequestContext } from "@/server/request-context";

export async function GET() {
  const report = await withRequestContext(getHealth);
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
