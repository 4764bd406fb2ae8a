import { getHealth } from "@/server/health";

export async function GET() {
  const report = await getHealth();
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
