import { describe, expect, it } from "vitest";
import { taxDocumentView, type TaxDocumentFacts } from "@/modules/payments/domain/tax-document-view";
import { vatLine, vatTotals } from "@/modules/payments/domain/vat";
import { taxDocumentPdf } from "@/modules/payments/server/tax-documents/tax-document-pdf";
import { readPdf } from "../support/pdf-text";

// The invoice PDF (issue 26, issue 41 §5) read back out of its bytes by PDF.js, which knows nothing of the
// writer: every line and total of a 20-vehicle fleet visit is there, on as many pages as it takes with the
// table's header on each; names in Polish, Greek and Russian come back as written; nothing is cut short.

const fleetLines = Array.from({ length: 20 }, (_, i) => [
  vatLine(
    `Full Valet (Large van) — van ${i + 1} of 20, registration FL${String(i + 10)} VAN`,
    12_000 + i,
    2000,
    true,
  ),
  vatLine(`Second vehicle in one visit: 15 min saved setting up, van ${i + 1}`, -1_200, 2000, true),
]).flat();

function facts(overrides: Partial<TaxDocumentFacts> = {}): TaxDocumentFacts {
  const lines = overrides.lines ?? fleetLines;
  return {
    kind: "invoice",
    number: "INV-000042",
    issuedAt: new Date("2026-11-28T10:00:00Z"),
    taxPoint: new Date("2026-11-28T09:30:00Z"),
    currency: "GBP",
    supplier: {
      name: "Shine Street Ltd",
      address: "1 Coldharbour Lane\nLondon SE5 9NR",
      vatNumber: "GB123456789",
    },
    customer: {
      name: "Łukasz Kowalski-Brzęczyszczykiewicz",
      address: "Flat 2, 14 Акациевая улица\nLondon\nSW2 1AA",
    },
    lines,
    ...vatTotals(lines),
    invoiceNumber: null,
    payBy: "2026-12-28",
    ...overrides,
  };
}

describe("taxDocumentPdf", () => {
  it("prints a 20-vehicle invoice whole: every line, every amount and the totals, over numbered pages", async () => {
    const v = taxDocumentView(facts(), "Europe/London");
    const pdf = await taxDocumentPdf(v);
    const read = await readPdf(pdf);
    expect(read.title).toBe("VAT invoice INV-000042");
    expect(read.pages.length).toBeGreaterThanOrEqual(2);
    const flat = read.text.replace(/\s+/g, " ");
    for (const l of v.lines) {
      expect(flat, l.description).toContain(l.description);
      for (const amount of [l.net, l.vat, l.gross]) expect(flat).toContain(amount);
    }
    for (const total of [v.totals.net, v.totals.vat, v.totals.gross]) expect(flat).toContain(total);
    expect(v.totals.gross).toBe("£2,161.90"); // 20 × £120 + £1.90 of pennies − 20 × £12
    read.pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${read.pages.length}`);
      expect(page, `the table's header on page ${i + 1}`).toMatch(
        /Description\s+Net\s+VAT rate\s+VAT\s+Total/,
      );
    });
    // The totals follow the last line.
    const last = read.pages.at(-1) ?? "";
    expect(last).toContain("Total VAT");
    expect(last.indexOf(v.totals.gross)).toBeGreaterThan(last.indexOf(v.lines.at(-1)?.gross ?? "?"));
    // A label and its value are separate words, on one line.
    expect(read.pages[0]).toMatch(/Tax point\s+Saturday, 28 November 2026/);
    expect(read.pages[0]).toMatch(/Payment due by\s+28 December 2026/);
  });

  it("keeps names outside Latin-1 as written, and stays small (the font is subset)", async () => {
    const names = [
      "Łukasz Kowalski-Brzęczyszczykiewicz",
      "Ελένη Παπαδοπούλου",
      "Олег Васильевич",
      "Zoë Ångström",
    ];
    for (const name of names) {
      const lines = [vatLine(`Interior valet for ${name}`, 8_500, 2000, true)];
      const pdf = await taxDocumentPdf(
        taxDocumentView(
          facts({ customer: { name, address: "2 High Street\nSW2 1AA" }, lines, ...vatTotals(lines) }),
          "Europe/London",
        ),
      );
      expect(pdf.length).toBeLessThan(60_000);
      const { text, pages } = await readPdf(pdf);
      expect(pages).toHaveLength(1);
      expect(text).toContain(name);
      expect(text).toContain(`Interior valet for ${name}`);
      expect(text).not.toContain("?");
    }
  });

  it("wraps a long description instead of cutting it, and shows a credit note's invoice", async () => {
    const long =
      "Fleet visit: exterior wash, clay bar, machine polish and ceramic sealant on every panel, " +
      "wheels off and arches cleaned, interior shampoo and leather conditioning, 15 min saved setting up";
    const lines = [vatLine(long, -2_000, 2000, true)];
    const v = taxDocumentView(
      facts({
        kind: "credit_note",
        number: "CN-000007",
        invoiceNumber: "INV-000042",
        lines,
        ...vatTotals(lines),
        payBy: null,
      }),
      "Europe/London",
    );
    const read = await readPdf(await taxDocumentPdf(v));
    expect(read.text.replace(/\s+/g, " ")).toContain(long);
    expect(read.text).toMatch(/Credits invoice\s+INV-000042/);
    expect(read.text).toContain("Total credited");
    expect(read.text).not.toContain("Payment due by");
  });
});
