import { describe, expect, it } from "vitest";
import { type Block, layoutDocument, type Measure, type PlacedText, wrapText } from "./layout";

// The PDF layout's rules with a monospaced measure (each character half its font size wide), so widths
// are exact: lines wrap within their column and lose nothing, a label never reaches its value, and a long
// table continues on further pages under its header, numbered "Page n of m".

const measure: Measure = (text, size) => [...text].length * size * 0.5;
const widthOf = (t: PlacedText) => measure(t.text, t.size, t.bold);

describe("wrapText", () => {
  it("breaks between words, at the text's own line breaks, and inside a word wider than the column", () => {
    expect(wrapText("one two three four", 50, 10, false, measure)).toEqual(["one two", "three four"]);
    expect(wrapText("a\nb  c", 100, 10, false, measure)).toEqual(["a", "b c"]);
    expect(wrapText("abcdefghijklmnop", 40, 10, false, measure)).toEqual(["abcdefgh", "ijklmnop"]);
    expect(wrapText("", 40, 10, false, measure)).toEqual([""]);
    const long = "Fleet visit: 15 min saved setting up each further van, as agreed on the phone";
    const lines = wrapText(long, 120, 9, false, measure);
    for (const l of lines) expect(measure(l, 9, false)).toBeLessThanOrEqual(120);
    expect(lines.join(" ")).toBe(long);
  });
});

const table = (rows: number): Block => ({
  kind: "table",
  columns: [
    { header: "Description", fill: true },
    { header: "Net", align: "right" },
    { header: "Total", align: "right" },
  ],
  rows: Array.from({ length: rows }, (_, i) => [`Line ${i + 1} of a fleet visit`, `£${i}.00`, `£${i}.20`]),
});

describe("layoutDocument", () => {
  it("puts a label and its value side by side without touching, the value wrapped if it must", () => {
    const [page] = layoutDocument(
      [
        {
          kind: "columns",
          left: [{ text: "Shine Street Detailing Ltd, Unit 4, 12 Coldharbour Lane, London SE5 9NR" }],
          right: [
            { label: "Tax point", value: "Saturday, 28 November 2026" },
            {
              label: "Payment due by",
              value: "A date written out at great length, far too long for one line",
            },
          ],
        },
      ],
      measure,
    );
    const texts = page?.texts ?? [];
    const label = texts.find((t) => t.text === "Tax point");
    const value = texts.find((t) => t.text.startsWith("Saturday"));
    expect(label && value && label.x + widthOf(label) < value.x).toBe(true);
    expect(label?.y).toBe(value?.y);
    for (const t of texts) expect(t.x + widthOf(t)).toBeLessThanOrEqual(595.28 - 50 + 1e-6);
    const joined = texts.map((t) => t.text).join(" ");
    expect(joined).toContain("far too long for one line");
  });

  it("runs a long table over pages, repeating its header, numbering the pages and keeping every row", () => {
    const pages = layoutDocument(
      [
        { kind: "heading", title: "VAT invoice", aside: "INV-000001" },
        table(120),
        { kind: "totals", gapBefore: 8, pairs: [{ label: "Total", value: "£7,140.00", bold: true }] },
      ],
      measure,
      { footer: "VAT invoice INV-000001" },
    );
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const rows = pages.flatMap((p) => p.texts.filter((t) => t.text.startsWith("Line ")).map((t) => t.text));
    expect(rows).toEqual(Array.from({ length: 120 }, (_, i) => `Line ${i + 1} of a fleet visit`));
    pages.forEach((p, i) => {
      const texts = p.texts.map((t) => t.text);
      expect(texts).toContain("Description");
      expect(texts).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(texts).toContain("VAT invoice INV-000001");
      // Nothing is drawn over the footer or off the page.
      const body = p.texts.filter(
        (t) => !t.text.startsWith("Page ") && !t.text.startsWith("VAT invoice INV"),
      );
      for (const t of body) expect(t.y).toBeGreaterThan(50 + 8 * 2);
    });
    expect(pages.at(-1)?.texts.map((t) => t.text)).toContain("£7,140.00");
  });

  it("gives the description what the amounts leave, so the amounts never overlap", () => {
    const [page] = layoutDocument([table(3)], measure);
    const row = (page?.texts ?? []).filter((t) => Math.abs(t.y - (page?.texts[3]?.y ?? 0)) < 0.01);
    const sorted = [...row].sort((a, b) => a.x - b.x);
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1] as PlacedText;
      expect(prev.x + widthOf(prev)).toBeLessThan((sorted[i] as PlacedText).x);
    }
  });
});
