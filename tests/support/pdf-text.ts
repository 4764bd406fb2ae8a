import { extractText, getDocumentProxy } from "unpdf";

// A test-side reader of the PDFs the app writes, independent of the writer (src/server/pdf): PDF.js (through
// unpdf) parses the file, maps each glyph back to its character through the embedded font's ToUnicode
// table, and gives each page's text. A cut-off line, a missing total or a name printed as "?" shows up as
// text that is not there.

export type PdfReading = {
  /** Each page's text, its lines joined with "\n". */
  pages: string[];
  /** All the pages' text. */
  text: string;
  title: string | undefined;
};

export async function readPdf(bytes: Uint8Array): Promise<PdfReading> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text: pages } = await extractText(pdf, { mergePages: false });
  const meta = await pdf.getMetadata();
  const info = meta.info as { Title?: string } | undefined;
  return { pages, text: pages.join("\n"), title: info?.Title };
}
