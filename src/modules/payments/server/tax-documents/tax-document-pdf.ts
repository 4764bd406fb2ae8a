import "server-only";
import { type Block, type Line, renderPdf } from "@/server/pdf";
import type { TaxDocumentView } from "../../domain/tax-document-view";

// A VAT invoice or credit note as a PDF (issue 26): the same facts as its page, on A4 — as many pages as
// its lines need (issue 41 §5), the table's header on each and the totals after the last line.

export function taxDocumentBlocks(v: TaxDocumentView): Block[] {
  const supplier: Line[] = [
    { text: v.supplier.name, bold: true },
    ...v.supplier.addressLines.map((text) => ({ text })),
    ...(v.supplier.vatNumber ? [{ text: `VAT number: ${v.supplier.vatNumber}` }] : []),
  ];
  const dates = [
    { label: v.credits ? "Credit note date" : "Invoice date", value: v.issuedOn },
    { label: "Tax point", value: v.taxPoint },
    ...(v.payBy ? [{ label: "Payment due by", value: v.payBy }] : []),
    ...(v.credits ? [{ label: "Credits invoice", value: v.credits }] : []),
  ];
  const customer: Line[] = [
    { text: v.credits ? "Credited to" : "Billed to", size: 9 },
    { text: v.customer.name, bold: true },
    ...v.customer.addressLines.map((text) => ({ text })),
    ...(v.customer.vatNumber ? [{ text: `VAT number: ${v.customer.vatNumber}` }] : []),
  ];
  return [
    { kind: "heading", title: v.title, aside: v.number },
    { kind: "columns", left: supplier, right: dates, gapBefore: 18 },
    { kind: "lines", lines: customer, gapBefore: 24 },
    {
      kind: "table",
      gapBefore: 24,
      columns: [
        { header: "Description", fill: true },
        { header: "Net", align: "right" },
        { header: "VAT rate", align: "right" },
        { header: "VAT", align: "right" },
        { header: "Total", align: "right" },
      ],
      rows: v.lines.map((l) => [l.description, l.net, l.rate, l.vat, l.gross]),
    },
    {
      kind: "totals",
      gapBefore: 8,
      pairs: [
        { label: "Total net", value: v.totals.net, size: 10 },
        { label: "Total VAT", value: v.totals.vat, size: 10 },
        { label: v.credits ? "Total credited" : "Total", value: v.totals.gross, bold: true, size: 11 },
      ],
    },
  ];
}

export function taxDocumentPdf(v: TaxDocumentView): Promise<Buffer> {
  const name = `${v.title} ${v.number}`;
  return renderPdf({ title: name, footer: `${name} · ${v.supplier.name}`, blocks: taxDocumentBlocks(v) });
}
