import { reportCsvResponse } from "@/modules/reports/server";
import { getSessionUser } from "@/server/auth";

// One report for the URL's range as CSV (what the reports page shows). Admins only (a visitor gets 401,
// a customer 404).
export async function GET(request: Request, { params }: { params: Promise<{ report: string }> }) {
  const { report } = await params;
  return reportCsvResponse(request, await getSessionUser(request.headers), report);
}
