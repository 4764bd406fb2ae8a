import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, rgb } from "pdf-lib";
import { A4, type Block, layoutDocument, type Measure } from "./layout";

// The PDF writer (issue 41 §5): pdf-lib, with DejaVu Sans (from the dejavu-fonts-ttf package) embedded and
// subset, so any name in Latin, Greek or Cyrillic script is printed as written and the file carries only
// the glyphs it uses. The layout (./layout.ts) measures with the same font, wraps and paginates.

export type { Block, Column, Line, Pair } from "./layout";

// Read from node_modules where the app runs (`npm start` and the tests run at the repository's root, as
// the migrations folder is found): nothing is downloaded, and the bundler has no binary to trace.
const FONT_DIR = path.join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf");

type FontFiles = { regular: Uint8Array; bold: Uint8Array };
const cache = globalThis as unknown as { forecourtPdfFonts?: Promise<FontFiles> };

function fontFiles(): Promise<FontFiles> {
  cache.forecourtPdfFonts ??= Promise.all([
    readFile(path.join(FONT_DIR, "DejaVuSans.ttf")),
    readFile(path.join(FONT_DIR, "DejaVuSans-Bold.ttf")),
  ]).then(([regular, bold]) => ({ regular, bold }));
  // A failed read is not kept: the next document tries again.
  cache.forecourtPdfFonts.catch(() => (cache.forecourtPdfFonts = undefined));
  return cache.forecourtPdfFonts;
}

/** The PDF file of a document laid out from `blocks`; `footer` names it at the foot of every page. */
export async function renderPdf(doc: { title: string; footer?: string; blocks: Block[] }): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const files = await fontFiles();
  const regular = await pdf.embedFont(files.regular, { subset: true });
  const bold = await pdf.embedFont(files.bold, { subset: true });
  const fontOf = (isBold: boolean): PDFFont => (isBold ? bold : regular);
  const measure: Measure = (text, size, isBold) => fontOf(isBold).widthOfTextAtSize(text, size);

  for (const page of layoutDocument(doc.blocks, measure, { footer: doc.footer })) {
    const p = pdf.addPage([A4.width, A4.height]);
    for (const r of page.rules)
      p.drawRectangle({
        x: r.x,
        y: r.y,
        width: r.width,
        height: r.height,
        color: rgb(r.grey, r.grey, r.grey),
      });
    for (const t of page.texts)
      if (t.text)
        p.drawText(t.text, { x: t.x, y: t.y, size: t.size, font: fontOf(t.bold), color: rgb(0, 0, 0) });
  }
  pdf.setTitle(doc.title);
  pdf.setProducer("Forecourt");
  pdf.setCreator("Forecourt");
  return Buffer.from(await pdf.save());
}
