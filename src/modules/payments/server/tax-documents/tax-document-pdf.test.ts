import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readPdf } from "../../../../../tests/support/pdf-text";
import { taxDocumentView } from "../../domain/tax-document-view";
import { vatLine, vatTotals } from "../../domain/vat";
import { taxDocumentPdf } from "./tax-document-pdf";

// The invoice PDF read back: by the test's own parser always, and by poppler's pdftotext when the
// machine has it (CI may not).

const lines = [
  vatLine("Full Valet (Large)", 8_500, 2000, true),
  vatLine("Engine bay (with (brackets) \\ backslash)", 1_999, 2000, true),
  vatLine("Discount: Loyal customer", -1_000, 2000, true),
];
const view = taxDocumentView(
  {
    kind: "invoice",
    number: "INV-000042",
    issuedAt: new Date("2026-03-03T10:00:00Z"),
    taxPoint: new Date("2026-03-02T09:30:00Z"),
    currency: "GBP",
    supplier: {
      name: "Shine Street Ltd",
      address: "1 Coldharbour Lane\nLondon SE5 9NR",
      vatNumber: "GB123456789",
    },
    customer: { name: "Zoë Guest", address: "2 High Street\nBrixton\nSW2 1AA" },
    lines,
    ...vatTotals(lines),
    invoiceNumber: null,
  },
  "Europe/London",
);

const hasPdftotext = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe("taxDocumentPdf", () => {
  const pdf = taxDocumentPdf(view);

  it("is a PDF 1.4 whose xref offsets point at their objects", () => {
    expect(pdf.subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");
    const r = readPdf(pdf);
    expect(r.offsets.size).toBeGreaterThanOrEqual(6);
    for (const [id, at] of r.offsets)
      expect(pdf.subarray(at, at + `${id} 0 obj`.length).toString("latin1")).toBe(`${id} 0 obj`);
    expect([...r.objects.values()].join()).toContain("/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding");
  });

  it("shows the number, VAT number, parties, lines and totals, £ as WinAnsi 0xA3", () => {
    const text = readPdf(pdf).text;
    expect(text).toEqual(
      expect.arrayContaining([
        "VAT invoice",
        "INV-000042",
        "Shine Street Ltd",
        "VAT number: GB 123 4567 89",
        "Zoë Guest",
        "SW2 1AA",
        "Tuesday, 3 March 2026",
        "Monday, 2 March 2026",
        "Engine bay (with (brackets) \\ backslash)",
        "£70.83",
        "20%",
        "£14.17",
        "-£10.00",
        "£79.16", // net 7083 + 1666 - 833
        "£15.83",
        "£94.99",
      ]),
    );
    expect(pdf.includes(Buffer.from([0xa3]))).toBe(true);
    expect(pdf.includes(Buffer.from("£", "utf8"))).toBe(false);
  });

  it.runIf(hasPdftotext)("reads the same with poppler's pdftotext", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "fc-pdf-"));
    const file = path.join(dir, "invoice.pdf");
    writeFileSync(file, pdf);
    const out = execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
    for (const s of ["VAT invoice", "INV-000042", "GB 123 4567 89", "£94.99", "£15.83", "Zoë Guest"])
      expect(out).toContain(s);
  });
});
