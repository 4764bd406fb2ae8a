import { formatCalendarDate, formatLongDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { invoiceDue } from "./invoice-due";
import { formatVatRate, TAX_DOCUMENT_TITLES, type TaxDocumentKind, type VatLine } from "./vat";

// What a VAT invoice or credit note shows (issue 26; HMRC's VAT Notice 700 §16.3 for a full invoice),
// formatted once for the page and the PDF: the supplier's name, address and VAT number; a unique number;
// the invoice date and the tax point; the customer's name and address; each line's description, net
// price, VAT rate and VAT; the totals; and, on a credit note, the invoice it credits.

export type TaxDocumentFacts = {
  kind: TaxDocumentKind;
  number: string;
  issuedAt: Date;
  taxPoint: Date;
  currency: string;
  supplier: { name: string; address: string; vatNumber?: string | null };
  customer: { name: string; address: string; vatNumber?: string | null };
  lines: VatLine[];
  netMinor: number;
  vatMinor: number;
  grossMinor: number;
  /** A credit note's invoice. */
  invoiceNumber: string | null;
  /** An invoice on account: the day it must be paid by (YYYY-MM-DD). */
  payBy?: string | null;
};

export type TaxDocumentView = {
  title: string;
  number: string;
  issuedOn: string;
  taxPoint: string;
  credits: string | null;
  supplier: { name: string; addressLines: string[]; vatNumber: string };
  customer: { name: string; addressLines: string[]; vatNumber: string | null };
  /** On account: "Payment due by 28 December 2026". */
  payBy: string | null;
  lines: { description: string; net: string; rate: string; vat: string; gross: string }[];
  totals: { net: string; vat: string; gross: string };
};

const linesOf = (address: string) =>
  address
    .split(/\r?\n|,\s*/)
    .map((l) => l.trim())
    .filter(Boolean);

/** "GB123456789" as HMRC prints it: "GB 123 4567 89" (a branch's three digits after). */
export const formatVatNumber = (v: string) =>
  /^GB\d{9}(\d{3})?$/.test(v)
    ? `GB ${v.slice(2, 5)} ${v.slice(5, 9)} ${v.slice(9, 11)}${v.length > 11 ? ` ${v.slice(11)}` : ""}`
    : v;

export function taxDocumentView(d: TaxDocumentFacts, timeZone: string): TaxDocumentView {
  const money = (minor: number) => formatMoney(minor, d.currency);
  const due = invoiceDue(d, timeZone);
  return {
    title: TAX_DOCUMENT_TITLES[d.kind],
    number: d.number,
    issuedOn: formatLongDate(d.issuedAt, timeZone),
    taxPoint: formatLongDate(d.taxPoint, timeZone),
    credits: d.kind === "credit_note" ? d.invoiceNumber : null,
    supplier: {
      name: d.supplier.name,
      addressLines: linesOf(d.supplier.address),
      vatNumber: formatVatNumber(d.supplier.vatNumber ?? ""),
    },
    customer: {
      name: d.customer.name,
      addressLines: linesOf(d.customer.address),
      vatNumber: d.customer.vatNumber ? formatVatNumber(d.customer.vatNumber) : null,
    },
    payBy: due.onTerms ? formatCalendarDate(due.dueOn) : null,
    lines: d.lines.map((l) => ({
      description: l.description,
      net: money(l.netMinor),
      rate: formatVatRate(l.vatRateBp),
      vat: money(l.vatMinor),
      gross: money(l.grossMinor),
    })),
    totals: { net: money(d.netMinor), vat: money(d.vatMinor), gross: money(d.grossMinor) },
  };
}
