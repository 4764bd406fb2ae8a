import { taxDocumentsCsvResponse } from "@/modules/reports/server";
import { getSessionUser } from "@/server/auth";

// Invoices and credit notes issued in the URL's range, as Xero's or QuickBooks Online's import CSV.
export async function GET(request: Request, { params }: { params: Promise<{ format: string }> }) {
  const { format } = await params;
  return taxDocumentsCsvResponse(request, await getSessionUser(request.headers), format);
}
