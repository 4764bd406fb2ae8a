import { taxDocumentPdfResponse } from "@/modules/payments/server";
import { getSessionUser } from "@/server/auth";

// A booking's VAT invoice or credit note as a PDF, for the business (a customer gets 404 here).
export async function GET(request: Request, { params }: { params: Promise<{ id: string; number: string }> }) {
  const { id, number } = await params;
  const user = await getSessionUser(request.headers);
  if (user && user.role !== "admin") return new Response("This page could not be found.", { status: 404 });
  return taxDocumentPdfResponse(user, id, number);
}
