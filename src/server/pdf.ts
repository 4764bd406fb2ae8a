// A small PDF writer (issue 26): enough for a one- or two-page document of text and rules, with no
// dependency. PDF 1.4; the standard Type 1 fonts Helvetica and Helvetica-Bold (every reader has them, so
// nothing is embedded) with WinAnsiEncoding, so "£" is the byte 0xA3; text placed with BT/Td/Tj/ET,
// rules drawn with `re f`; content streams left uncompressed; a cross-reference table of byte offsets.
// The file is built as Latin-1 text: one character, one byte, so string lengths are byte offsets.

export type PdfText = {
  x: number;
  y: number;
  text: string;
  size?: number;
  bold?: boolean;
  /** "right": x is where the text ends (columns of money). */
  align?: "left" | "right";
};
export type PdfRule = { x: number; y: number; width: number; height: number; grey?: number };
export type PdfPage = { texts: PdfText[]; rules?: PdfRule[] };

export const A4 = { width: 595.28, height: 841.89 } as const;

// WinAnsiEncoding (PDF 32000-1, annex D) above Latin-1 where it differs: the code points a document
// may carry, mapped to their byte. Anything else becomes "?".
const WIN_ANSI_EXTRA: Record<string, number> = {
  "€": 0x80,
  "‚": 0x82,
  "„": 0x84,
  "…": 0x85,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "•": 0x95,
  "–": 0x96,
  "—": 0x97,
  "™": 0x99,
};

/** A string as WinAnsi bytes (one Latin-1 character each); "−" (minus) becomes a hyphen. */
export function toWinAnsi(text: string): string {
  let out = "";
  for (const ch of text.replace(/\u2212/g, "-")) {
    const code = ch.codePointAt(0) ?? 63;
    if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff)) out += ch;
    else if (WIN_ANSI_EXTRA[ch] !== undefined) out += String.fromCharCode(WIN_ANSI_EXTRA[ch]);
    else out += "?";
  }
  return out;
}

const escapeString = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

// Helvetica's advance widths (AFM, per 1000 units of the font size) for the characters of numbers and
// money; the rest averaged. Enough to right-align a column of amounts.
const WIDTHS: Record<string, number> = {
  " ": 278,
  ".": 278,
  ",": 278,
  "-": 333,
  "%": 889,
  "(": 333,
  ")": 333,
};
export function textWidth(text: string, size: number, bold = false): number {
  let w = 0;
  for (const ch of toWinAnsi(text)) w += /[0-9£$]/.test(ch) ? 556 : (WIDTHS[ch] ?? (bold ? 600 : 560));
  return (w * size) / 1000;
}

const num = (n: number) => String(Math.round(n * 100) / 100);

function contentOf(page: PdfPage): string {
  const ops: string[] = [];
  for (const r of page.rules ?? [])
    ops.push(`${num(r.grey ?? 0)} g ${num(r.x)} ${num(r.y)} ${num(r.width)} ${num(r.height)} re f`);
  ops.push("0 g");
  for (const t of page.texts) {
    const size = t.size ?? 10;
    const x = t.align === "right" ? t.x - textWidth(t.text, size, t.bold) : t.x;
    ops.push(
      `BT /${t.bold ? "F2" : "F1"} ${num(size)} Tf ${num(x)} ${num(t.y)} Td (${escapeString(toWinAnsi(t.text))}) Tj ET`,
    );
  }
  return `${ops.join("\n")}\n`;
}

/** The PDF file's bytes. Objects: 1 catalog, 2 pages, 3–4 fonts, then a page and its content each. */
export function buildPdf(pages: PdfPage[], info: { title?: string } = {}): Buffer {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 5 + i * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  pages.forEach((page, i) => {
    const id = 5 + i * 2;
    const content = contentOf(page);
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${content.length} >>\nstream\n${content}endstream`;
  });
  const infoId = objects.length;
  objects[infoId] =
    `<< /Producer (Forecourt)${info.title ? ` /Title (${escapeString(toWinAnsi(info.title))})` : ""} >>`;

  // The header's comment line of high bytes tells transfer tools the file is binary.
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
