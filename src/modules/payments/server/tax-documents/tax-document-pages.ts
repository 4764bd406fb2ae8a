import "server-only";
import { isUuid } from "@/lib/uuid";
import { findBookingDocumentFacts } from "@/modules/bookings/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { getDb } from "@/server/db";
import { taxDocumentView, type TaxDocumentView } from "../../domain/tax-document-view";
import { taxDocumentPdf } from "./tax-document-pdf";
import { findBookingTaxDocument, listBookingTaxDocuments } from "./tax-documents";

// The VAT documents' pages and PDFs (issue 26). Who may see one is decided here, for the page and the
// download alike: an admin any booking's; a customer only their own booking's (anything else is "not
// found", so a number reveals nothing).

type Viewer = { id: string; role: string };

export type LoadedTaxDocument = { view: TaxDocumentView; bookingId: string; reference: string };

export async function loadTaxDocument(
  viewer: Viewer,
  bookingId: string,
  number: string,
): Promise<LoadedTaxDocument | null> {
  const db = await getDb();
  const facts = await findBookingDocumentFacts(db, bookingId);
  if (!facts) return null;
  if (viewer.role !== "admin" && facts.booking.customerId !== viewer.id) return null;
  const doc = await findBookingTaxDocument(db, bookingId, number);
  if (!doc) return null;
  const { timeZone } = await getSettingsOrThrow(db);
  return { view: taxDocumentView(doc, timeZone), bookingId, reference: facts.booking.reference };
}

/** The booking's invoices and credit notes, oldest first (the caller has checked who is asking). */
export async function loadBookingTaxDocuments(bookingId: string) {
  return listBookingTaxDocuments(await getDb(), bookingId);
}

/** GET …/pdf: the document as a PDF download (401 signed out; 404 for anyone it isn't theirs). */
export async function taxDocumentPdfResponse(
  viewer: Viewer | null,
  bookingId: string,
  number: string,
): Promise<Response> {
  if (!viewer) return new Response("Sign in to download this document.", { status: 401 });
  const doc = isUuid(bookingId) ? await loadTaxDocument(viewer, bookingId, number) : null;
  if (!doc) return new Response("This page could not be found.", { status: 404 });
  const pdf = await taxDocumentPdf(doc.view);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${doc.view.number}.pdf"`,
      "cache-control": "private, no-store",
    },
  });
}
