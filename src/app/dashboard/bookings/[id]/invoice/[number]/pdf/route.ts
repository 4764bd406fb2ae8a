import { taxDocumentPdfResponse } from "@/modules/payments/server";
import { getSessionUser } from "@/server/auth";

// The customer's VAT invoice or credit note as a PDF: their own booking's only (others get 404).
export async function GET(request: Request, { params }: { params: Promise<{ id: string; number: string }> }) {
  const { id, number } = await params;
  const user = await getSessionUser(request.headers);
  return taxDocumentPdfResponse(user && { id: user.id, role: "customer" }, id, number);
}
