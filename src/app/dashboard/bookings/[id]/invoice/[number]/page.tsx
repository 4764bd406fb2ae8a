import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { routes } from "@/lib/routes";
import { isUuid } from "@/lib/uuid";
import { TaxDocumentPage } from "@/modules/payments/components/tax-document";
import { loadTaxDocument } from "@/modules/payments/server";
import { requireCustomerPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "VAT invoice" };

// The customer's VAT invoice or credit note for their own booking (anyone else's: not found).
export default async function CustomerTaxDocumentPage({
  params,
}: {
  params: Promise<{ id: string; number: string }>;
}) {
  const { id, number } = await params;
  const path = `${routes.myBookings}/${id}/invoice/${number}`;
  const user = await requireCustomerPage(path);
  const doc = isUuid(id) ? await loadTaxDocument({ id: user.id, role: "customer" }, id, number) : null;
  if (!doc) notFound();
  return (
    <TaxDocumentPage
      view={doc.view}
      back={{ href: `${routes.myBookings}/${id}`, label: `Booking ${doc.reference}` }}
      pdfHref={`${path}/pdf`}
    />
  );
}
