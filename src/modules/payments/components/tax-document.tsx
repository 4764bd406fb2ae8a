import { Download } from "lucide-react";
import { BackLink } from "@/components/ui/nav/back-link";
import { buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/link";
import { PlainHead, PlainRow, PlainTable, PlainTd, PlainTh, ScrollRegion } from "@/components/ui/data/table";
import { formatLongDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { getPublicSettings } from "@/modules/settings/server";
import { loadBookingTaxDocuments } from "../server/tax-documents/tax-document-pages";
import type { TaxDocumentView } from "../domain/tax-document-view";
import { TAX_DOCUMENT_TITLES } from "../domain/vat";
import { PrintButton } from "./print-button";

// A VAT invoice or credit note, on screen and on paper (issue 26): the customer's and the admin's pages
// render this; on paper the navigation and the buttons are left out.

export function TaxDocumentPage({
  view,
  back,
  pdfHref,
}: {
  view: TaxDocumentView;
  back: { href: string; label: string };
  pdfHref: string;
}) {
  return (
    <div className="max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackLink href={back.href}>{back.label}</BackLink>
        <div className="flex flex-wrap gap-2">
          <a href={pdfHref} download className={buttonClass({})}>
            <Download aria-hidden="true" className="size-4" />
            Download PDF
          </a>
          <PrintButton>Print</PrintButton>
        </div>
      </div>
      <TaxDocumentArticle view={view} />
    </div>
  );
}

export function TaxDocumentArticle({ view }: { view: TaxDocumentView }) {
  return (
    <article
      aria-labelledby="tax-document-heading"
      className={`${cardClass} mt-4 text-sm print:border-0 print:p-0 print:shadow-none`}
    >
      <header className="flex flex-wrap justify-between gap-4 border-b border-line pb-4">
        <div>
          <h1 id="tax-document-heading" className="text-2xl font-bold">
            {view.title}
          </h1>
          <p className="tabular text-lg font-semibold">{view.number}</p>
        </div>
        <address className="not-italic sm:text-right">
          <span className="block font-semibold">{view.supplier.name}</span>
          {view.supplier.addressLines.map((l) => (
            <span key={l} className="block">
              {l}
            </span>
          ))}
          {view.supplier.vatNumber && <span className="block">VAT number: {view.supplier.vatNumber}</span>}
        </address>
      </header>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-ink-muted">{view.credits ? "Credit note date" : "Invoice date"}</dt>
          <dd className="font-medium">{view.issuedOn}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Tax point</dt>
          <dd className="font-medium">{view.taxPoint}</dd>
        </div>
        {view.payBy && (
          <div>
            <dt className="text-ink-muted">Payment due by</dt>
            <dd className="font-medium">{view.payBy}</dd>
          </div>
        )}
        {view.credits && (
          <div>
            <dt className="text-ink-muted">Credits invoice</dt>
            <dd className="tabular font-medium">{view.credits}</dd>
          </div>
        )}
        <div className="sm:col-span-3">
          <dt className="text-ink-muted">{view.credits ? "Credited to" : "Billed to"}</dt>
          <dd>
            <span className="block font-medium">{view.customer.name}</span>
            {view.customer.addressLines.map((l) => (
              <span key={l} className="block">
                {l}
              </span>
            ))}
            {view.customer.vatNumber && <span className="block">VAT number: {view.customer.vatNumber}</span>}
          </dd>
        </div>
      </dl>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <ScrollRegion
        label={`${view.title} lines`}
        className="mt-6 rounded focus-visible:outline-2 focus-visible:outline-brand"
      >
        <PlainTable caption="Lines" className="min-w-[32rem]">
          <PlainHead>
            <PlainTh>Description</PlainTh>
            <PlainTh numeric>Net</PlainTh>
            <PlainTh numeric>VAT rate</PlainTh>
            <PlainTh numeric>VAT</PlainTh>
            <PlainTh numeric>Total</PlainTh>
          </PlainHead>
          <tbody>
            {view.lines.map((l, i) => (
              <PlainRow key={`${l.description}-${i}`}>
                <PlainTd className="pr-2">{l.description}</PlainTd>
                <PlainTd numeric>{l.net}</PlainTd>
                <PlainTd numeric>{l.rate}</PlainTd>
                <PlainTd numeric>{l.vat}</PlainTd>
                <PlainTd numeric>{l.gross}</PlainTd>
              </PlainRow>
            ))}
          </tbody>
        </PlainTable>
      </ScrollRegion>
      <dl className="mt-4 ml-auto grid max-w-xs grid-cols-2 gap-1">
        <dt className="text-ink-muted">Total net</dt>
        <dd className="tabular text-right">{view.totals.net}</dd>
        <dt className="text-ink-muted">Total VAT</dt>
        <dd className="tabular text-right">{view.totals.vat}</dd>
        <dt className="font-semibold">{view.credits ? "Total credited" : "Total"}</dt>
        <dd className="tabular text-right font-semibold">{view.totals.gross}</dd>
      </dl>
    </article>
  );
}

export type TaxDocumentListItem = {
  id: string;
  kind: "invoice" | "credit_note";
  number: string;
  issuedAt: Date;
  grossMinor: number;
  currency: string;
};

/**
 * A booking's invoices and credit notes as links (nothing when it has none), for the customer's receipt
 * and the admin's booking page. The page has checked who is looking.
 */
export async function BookingTaxDocuments({ bookingId, basePath }: { bookingId: string; basePath: string }) {
  const [documents, settings] = await Promise.all([loadBookingTaxDocuments(bookingId), getPublicSettings()]);
  return <TaxDocumentsList documents={documents} basePath={basePath} timeZone={settings.timeZone} />;
}

export function TaxDocumentsList({
  documents,
  basePath,
  timeZone,
}: {
  documents: TaxDocumentListItem[];
  /** The documents' folder: "/dashboard/bookings/{id}/invoice" or "/admin/bookings/{id}/documents". */
  basePath: string;
  timeZone: string;
}) {
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="tax-documents-heading" className="mt-6 print:hidden">
      <h2 id="tax-documents-heading" className="text-base font-semibold">
        Documents
      </h2>
      <ul className="mt-2 divide-y divide-line rounded-card border border-line bg-surface text-sm">
        {documents.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <a href={`${basePath}/${d.number}`} className={textLinkClass({ underline: "hover" })}>
              {TAX_DOCUMENT_TITLES[d.kind]} {d.number}
            </a>
            <span className="tabular text-ink-muted">
              {formatLongDate(d.issuedAt, timeZone)} · {formatMoney(d.grossMinor, d.currency)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
