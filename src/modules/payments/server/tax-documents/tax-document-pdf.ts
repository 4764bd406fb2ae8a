import "server-only";
import { A4, buildPdf, type PdfRule, type PdfText } from "@/server/pdf";
import type { TaxDocumentView } from "../../domain/tax-document-view";

// A VAT invoice or credit note as a PDF (issue 26): the same facts as its page, on A4.

const LEFT = 50;
const RIGHT = A4.width - 50;
const COLS = { net: RIGHT - 210, rate: RIGHT - 150, vat: RIGHT - 80, gross: RIGHT };

/** Cuts a description to what fits the column (the page shows it whole). */
const fit = (s: string, max = 48) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

export function taxDocumentPdf(v: TaxDocumentView): Buffer {
  const texts: PdfText[] = [];
  const rules: PdfRule[] = [];
  let y = A4.height - 60;
  texts.push({ x: LEFT, y, text: v.title, size: 20, bold: true });
  texts.push({ x: RIGHT, y, text: v.number, size: 14, bold: true, align: "right" });
  y -= 30;
  const top = y;
  texts.push({ x: LEFT, y, text: v.supplier.name, bold: true });
  for (const l of v.supplier.addressLines) texts.push({ x: LEFT, y: (y -= 13), text: l });
  if (v.supplier.vatNumber)
    texts.push({ x: LEFT, y: (y -= 13), text: `VAT number: ${v.supplier.vatNumber}` });
  let ry = top;
  const meta: [string, string][] = [
    [v.credits ? "Credit note date" : "Invoice date", v.issuedOn],
    ["Tax point", v.taxPoint],
  ];
  if (v.payBy) meta.push(["Payment due by", v.payBy]);
  if (v.credits) meta.push(["Credits invoice", v.credits]);
  for (const [k, val] of meta) {
    texts.push({ x: RIGHT - 160, y: ry, text: k, size: 9 });
    texts.push({ x: RIGHT, y: ry, text: val, size: 9, bold: true, align: "right" });
    ry -= 13;
  }
  y = Math.min(y, ry) - 28;
  texts.push({ x: LEFT, y, text: v.credits ? "Credited to" : "Billed to", size: 9 });
  texts.push({ x: LEFT, y: (y -= 14), text: v.customer.name, bold: true });
  for (const l of v.customer.addressLines) texts.push({ x: LEFT, y: (y -= 13), text: l });
  if (v.customer.vatNumber)
    texts.push({ x: LEFT, y: (y -= 13), text: `VAT number: ${v.customer.vatNumber}` });

  y -= 34;
  texts.push({ x: LEFT, y, text: "Description", size: 9, bold: true });
  texts.push({ x: COLS.net, y, text: "Net", size: 9, bold: true, align: "right" });
  texts.push({ x: COLS.rate, y, text: "VAT rate", size: 9, bold: true, align: "right" });
  texts.push({ x: COLS.vat, y, text: "VAT", size: 9, bold: true, align: "right" });
  texts.push({ x: COLS.gross, y, text: "Total", size: 9, bold: true, align: "right" });
  rules.push({ x: LEFT, y: y - 6, width: RIGHT - LEFT, height: 0.8 });
  y -= 22;
  for (const l of v.lines) {
    texts.push({ x: LEFT, y, text: fit(l.description) });
    texts.push({ x: COLS.net, y, text: l.net, align: "right" });
    texts.push({ x: COLS.rate, y, text: l.rate, align: "right" });
    texts.push({ x: COLS.vat, y, text: l.vat, align: "right" });
    texts.push({ x: COLS.gross, y, text: l.gross, align: "right" });
    y -= 18;
  }
  rules.push({ x: LEFT, y: y + 8, width: RIGHT - LEFT, height: 0.5, grey: 0.6 });
  y -= 8;
  const totals: [string, string, boolean][] = [
    ["Total net", v.totals.net, false],
    ["Total VAT", v.totals.vat, false],
    [v.credits ? "Total credited" : "Total", v.totals.gross, true],
  ];
  for (const [k, val, bold] of totals) {
    texts.push({ x: RIGHT - 160, y, text: k, bold });
    texts.push({ x: RIGHT, y, text: val, bold, align: "right" });
    y -= 16;
  }
  return buildPdf([{ texts, rules }], { title: `${v.title} ${v.number}` });
}
