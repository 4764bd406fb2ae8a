import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { routes } from "@/lib/routes";
import { isUuid } from "@/lib/uuid";
import { TaxDocumentPage } from "@/modules/payments/components/tax-document";
import { loadTaxDocument } from "@/modules/payments/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "VAT document" };

export default async function AdminTaxDocumentPage({
  params,
}: {
  params: Promise<{ id: string; number: string }>;
}) {
  const { id, number } = await params;
  const path = `${routes.adminBooking(id)}/documents/${number}`;
  const user = await requireAdminPage(path);
  const doc = isUuid(id) ? await loadTaxDocument(user, id, number) : null;
  if (!doc) notFound();
  return (
    <TaxDocumentPage
      view={doc.view}
      back={{ href: routes.adminBooking(id), label: `Booking ${doc.reference}` }}
      pdfHref={`${path}/pdf`}
    />
  );
}
