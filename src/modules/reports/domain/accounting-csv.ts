import { dateFormat } from "@/lib/dates";
import { csvDecimal, type CsvNumber } from "@/lib/csv";
import { invoiceDue, quickbooksTerms } from "@/modules/payments/domain/invoice-due";

// The accountant's export of VAT invoices and credit notes (issue 26), in the import layouts of Xero and
// QuickBooks Online, one CSV row per document line. Amounts are net per line with the line's VAT beside
// it (import as "tax exclusive"); a credit note is written as a document of negative amounts, which both
// import as a credit against the customer. Dates are UK style, dd/mm/yyyy, in the business time zone. The
// due date (and QuickBooks' terms) is the invoice's own (payments' invoiceDue, which its PDF reads too);
// QuickBooks' "Service Date" is the day of the job.

/** Xero's sales invoice import template (Xero Central, "Import invoices": the template's header row). */
export const XERO_SALES_INVOICE_COLUMNS = [
  "*ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "*InvoiceNumber",
  "Reference",
  "*InvoiceDate",
  "*DueDate",
  "Total",
  "InventoryItemCode",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "Discount",
  "*AccountCode",
  "*TaxType",
  "TaxAmount",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
  "Currency",
  "BrandingTheme",
] as const;

/** QuickBooks Online's invoice import (Intuit, "Import invoices": the sample file's header row). */
export const QUICKBOOKS_INVOICE_COLUMNS = [
  "InvoiceNo",
  "Customer",
  "InvoiceDate",
  "DueDate",
  "Terms",
  "Location",
  "Memo",
  "Item(Product/Service)",
  "ItemDescription",
  "ItemQuantity",
  "ItemRate",
  "ItemAmount",
  "ItemTaxCode",
  "ItemTaxAmount",
  "Currency",
  "Service Date",
] as const;

export const ACCOUNTING_FORMATS = ["xero", "quickbooks"] as const;
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number];
export const isAccountingFormat = (v: string): v is AccountingFormat =>
  (ACCOUNTING_FORMATS as readonly string[]).includes(v);

/** Xero's default sales account in a UK organisation's chart of accounts. */
export const XERO_SALES_ACCOUNT = "200";

export type ExportDocument = {
  kind: "invoice" | "credit_note";
  number: string;
  issuedAt: Date;
  taxPoint: Date;
  currency: string;
  customer: { name: string; address: string };
  /** Where the customer's invoices go: a business customer's billing address, or the customer's own. */
  email: string;
  /** The day the job started (its first day). */
  serviceAt: Date;
  /** On account: the day it must be paid by (YYYY-MM-DD). */
  payBy: string | null;
  lines: { description: string; netMinor: number; vatRateBp: number; vatMinor: number; grossMinor: number }[];
  grossMinor: number;
  /** A credit note's invoice. */
  invoiceNumber: string | null;
};

/** dd/mm/yyyy in `timeZone`. */
export function ukDate(instant: Date, timeZone: string): string {
  const parts = dateFormat("en-GB", {
    timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("day")}/${get("month")}/${get("year")}`;
}

/** dd/mm/yyyy of a calendar date (YYYY-MM-DD). */
const ukCalendarDate = (date: string) => date.split("-").reverse().join("/");

const rateLabel = (bp: number) => `${Number((bp / 100).toFixed(2))}%`;
const xeroTaxType = (bp: number) => (bp === 0 ? "Zero Rated Income" : `${rateLabel(bp)} (VAT on Income)`);
const quickbooksTaxCode = (bp: number) => (bp === 0 ? "0.0% Z" : `${(bp / 100).toFixed(1)}% S`);

function addressParts(address: string) {
  const lines = address
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const postcode = lines.length > 1 ? (lines.pop() ?? "") : "";
  const city = lines.length > 1 ? (lines.pop() ?? "") : "";
  return { lines, city, postcode };
}

type Cell = string | CsvNumber;

export function xeroRows(d: ExportDocument, timeZone: string): Cell[][] {
  const sign = d.kind === "credit_note" ? -1 : 1;
  const money = (minor: number): CsvNumber => ({ number: csvDecimal(sign * minor, d.currency) });
  const a = addressParts(d.customer.address);
  const date = ukDate(d.issuedAt, timeZone);
  const due = ukCalendarDate(invoiceDue(d, timeZone).dueOn);
  return d.lines.map((l) => [
    d.customer.name,
    d.email,
    a.lines[0] ?? "",
    a.lines[1] ?? "",
    a.lines[2] ?? "",
    a.lines.slice(3).join(", "),
    a.city,
    "",
    a.postcode,
    "United Kingdom",
    d.number,
    d.invoiceNumber ? `Credit for ${d.invoiceNumber}` : "",
    date,
    due,
    money(d.grossMinor),
    "",
    l.description,
    { number: "1" },
    money(l.netMinor),
    "",
    XERO_SALES_ACCOUNT,
    xeroTaxType(l.vatRateBp),
    money(l.vatMinor),
    "",
    "",
    "",
    "",
    d.currency,
    "",
  ]);
}

export function quickbooksRows(d: ExportDocument, timeZone: string): Cell[][] {
  const sign = d.kind === "credit_note" ? -1 : 1;
  const money = (minor: number): CsvNumber => ({ number: csvDecimal(sign * minor, d.currency) });
  const date = ukDate(d.issuedAt, timeZone);
  const due = invoiceDue(d, timeZone);
  return d.lines.map((l) => [
    d.number,
    d.customer.name,
    date,
    ukCalendarDate(due.dueOn),
    quickbooksTerms(due),
    "",
    d.invoiceNumber ? `Credit note for ${d.invoiceNumber}` : "",
    "Services",
    l.description,
    { number: "1" },
    money(l.netMinor),
    money(l.netMinor),
    quickbooksTaxCode(l.vatRateBp),
    money(l.vatMinor),
    d.currency,
    ukDate(d.serviceAt, timeZone),
  ]);
}
