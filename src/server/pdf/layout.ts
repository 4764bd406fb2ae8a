// The document layout of the PDF writer (issue 41 §5), pure: blocks of text in, pages of placed text and
// rules out. Text is measured by the caller's font (`Measure`), so nothing is guessed: a line that would
// pass its column wraps (at spaces, or inside a word longer than the column), a label and its value get
// columns of their own, and a document longer than a page continues on the next with its table's header
// repeated. Each block is laid out as bands — strips that are never split — and the bands are stacked
// down the pages; every page then gets its footer ("Page n of m").

export type Measure = (text: string, size: number, bold: boolean) => number;

export type PlacedText = { x: number; y: number; text: string; size: number; bold: boolean };
export type PlacedRule = { x: number; y: number; width: number; height: number; grey: number };
export type PlacedPage = { texts: PlacedText[]; rules: PlacedRule[] };

export type Line = { text: string; size?: number; bold?: boolean };
export type Pair = { label: string; value: string; bold?: boolean; size?: number };
export type Column = { header: string; align?: "left" | "right"; fill?: boolean };

export type Block =
  /** A title on the left and a short text (a number) on the right, on one band. */
  | { kind: "heading"; title: string; aside?: string; gapBefore?: number }
  /** Lines on the left, label and value pairs on the right (who issued it; its dates). */
  | { kind: "columns"; left: Line[]; right: Pair[]; gapBefore?: number }
  /** Lines across the page, kept together. */
  | { kind: "lines"; lines: Line[]; gapBefore?: number }
  /** A table: a row may wrap onto several lines; its header is repeated on every page it reaches. */
  | { kind: "table"; columns: Column[]; rows: string[][]; size?: number; gapBefore?: number }
  /** Label and value pairs at the right (totals), kept together, with a rule above. */
  | { kind: "totals"; pairs: Pair[]; gapBefore?: number };

export type PageGeometry = { width: number; height: number; margin: number; footerSize: number };

export const A4: PageGeometry = { width: 595.28, height: 841.89, margin: 50, footerSize: 8 };

type BandText = { x: number; dy: number; text: string; size: number; bold: boolean };
type BandRule = { x: number; dy: number; width: number; height: number; grey: number };
type Band = {
  height: number;
  texts: BandText[];
  rules: BandRule[];
  /** A table's header: repeated at the top of a page that this band starts. */
  header?: Band;
  /** Never the last band of a page (a table's header above its first row). */
  keepWithNext?: boolean;
};

const GUTTER = 12;
const lineHeight = (size: number) => size * 1.35;

/**
 * `text` as lines no wider than `width`: broken at its own line breaks, then between words, and inside a
 * word that is wider than the column by itself (so nothing is ever cut off).
 */
export function wrapText(
  text: string,
  width: number,
  size: number,
  bold: boolean,
  measure: Measure,
): string[] {
  const fits = (s: string) => measure(s, size, bold) <= width + 1e-6;
  const out: string[] = [];
  for (const paragraph of text.replace(/\t/g, " ").split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/ +/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) out.push(line);
      line = "";
      let rest = word;
      while (!fits(rest)) {
        const chars = [...rest];
        let n = chars.length - 1;
        while (n > 1 && !fits(chars.slice(0, n).join(""))) n--;
        out.push(chars.slice(0, n).join(""));
        rest = chars.slice(n).join("");
      }
      line = rest;
    }
    out.push(line);
  }
  return out.length > 0 ? out : [""];
}

type Ctx = { measure: Measure; left: number; right: number };

/** Wrapped lines placed from dy downwards at x (left) or ending at x (right). */
function place(
  ctx: Ctx,
  text: string,
  o: { x: number; dy: number; width: number; size: number; bold: boolean; align?: "left" | "right" },
): { texts: BandText[]; height: number } {
  const lines = wrapText(text, o.width, o.size, o.bold, ctx.measure);
  const lh = lineHeight(o.size);
  const texts = lines.map((line, i) => ({
    x: o.align === "right" ? o.x - ctx.measure(line, o.size, o.bold) : o.x,
    dy: o.dy + o.size + i * lh,
    text: line,
    size: o.size,
    bold: o.bold,
  }));
  return { texts, height: lines.length * lh };
}

function pairsBand(ctx: Ctx, pairs: Pair[], right: number, maxWidth: number): Band {
  const labelWidth = Math.min(
    maxWidth / 2,
    Math.max(0, ...pairs.map((p) => ctx.measure(p.label, p.size ?? 9, !!p.bold))),
  );
  const valueWidth = Math.min(
    maxWidth - labelWidth - GUTTER,
    Math.max(0, ...pairs.map((p) => ctx.measure(p.value, p.size ?? 9, true))),
  );
  const x = right - valueWidth - GUTTER - labelWidth;
  const band: Band = { height: 0, texts: [], rules: [] };
  for (const p of pairs) {
    const size = p.size ?? 9;
    const label = place(ctx, p.label, { x, dy: band.height, width: labelWidth, size, bold: !!p.bold });
    const value = place(ctx, p.value, {
      x: right,
      dy: band.height,
      width: valueWidth,
      size,
      bold: true,
      align: "right",
    });
    band.texts.push(...label.texts, ...value.texts);
    band.height += Math.max(label.height, value.height) + 2;
  }
  return band;
}

function linesBand(ctx: Ctx, lines: Line[], x: number, width: number): Band {
  const band: Band = { height: 0, texts: [], rules: [] };
  for (const l of lines) {
    const placed = place(ctx, l.text, { x, dy: band.height, width, size: l.size ?? 10, bold: !!l.bold });
    band.texts.push(...placed.texts);
    band.height += placed.height;
  }
  return band;
}

function headingBand(ctx: Ctx, b: Extract<Block, { kind: "heading" }>): Band {
  const width = ctx.right - ctx.left;
  const asideWidth = b.aside ? Math.min(width / 2, ctx.measure(b.aside, 14, true)) : 0;
  const title = place(ctx, b.title, {
    x: ctx.left,
    dy: 0,
    width: width - asideWidth - (b.aside ? GUTTER : 0),
    size: 20,
    bold: true,
  });
  const aside = b.aside
    ? place(ctx, b.aside, { x: ctx.right, dy: 4, width: asideWidth, size: 14, bold: true, align: "right" })
    : { texts: [], height: 0 };
  return {
    height: Math.max(title.height, aside.height + 4),
    texts: [...title.texts, ...aside.texts],
    rules: [],
  };
}

function columnsBand(ctx: Ctx, b: Extract<Block, { kind: "columns" }>): Band {
  const width = ctx.right - ctx.left;
  const rightWidth = width * 0.5;
  const right = pairsBand(ctx, b.right, ctx.right, rightWidth);
  const left = linesBand(ctx, b.left, ctx.left, width - rightWidth - GUTTER);
  return { height: Math.max(left.height, right.height), texts: [...left.texts, ...right.texts], rules: [] };
}

/** Each column's width: a right-aligned column as wide as its widest cell; the fill column the rest. */
function columnWidths(ctx: Ctx, b: Extract<Block, { kind: "table" }>, size: number): number[] {
  const width = ctx.right - ctx.left - GUTTER * (b.columns.length - 1);
  const natural = b.columns.map((c, i) =>
    Math.max(ctx.measure(c.header, size, true), ...b.rows.map((r) => ctx.measure(r[i] ?? "", size, false))),
  );
  const fixed = natural.reduce((s, w, i) => s + (b.columns[i]?.fill ? 0 : w), 0);
  const fills = b.columns.filter((c) => c.fill).length;
  // The fill column keeps at least a third of the line; the others share the rest in proportion.
  const spare = Math.max(width / 3, width - fixed);
  const scale = Math.min(1, (width - (fills > 0 ? spare : 0)) / Math.max(fixed, 1));
  return b.columns.map((c, i) => (c.fill ? spare / fills : (natural[i] ?? 0) * scale));
}

function rowBand(ctx: Ctx, cells: string[], cols: Column[], widths: number[], size: number, bold: boolean) {
  const band: Band = { height: 0, texts: [], rules: [] };
  let x = ctx.left;
  cols.forEach((c, i) => {
    const w = widths[i] ?? 0;
    const right = c.align === "right";
    const placed = place(ctx, cells[i] ?? "", {
      x: right ? x + w : x,
      dy: 4,
      width: w,
      size,
      bold,
      align: c.align,
    });
    band.texts.push(...placed.texts);
    band.height = Math.max(band.height, placed.height + 8);
    x += w + GUTTER;
  });
  return band;
}

function tableBands(ctx: Ctx, b: Extract<Block, { kind: "table" }>): Band[] {
  const size = b.size ?? 9;
  const widths = columnWidths(ctx, b, size);
  const header = rowBand(
    ctx,
    b.columns.map((c) => c.header),
    b.columns,
    widths,
    size,
    true,
  );
  header.rules.push({ x: ctx.left, dy: header.height, width: ctx.right - ctx.left, height: 0.8, grey: 0 });
  header.keepWithNext = true;
  const rows = b.rows.map((r) => ({ ...rowBand(ctx, r, b.columns, widths, size, false), header }));
  const last = rows.at(-1);
  if (last)
    last.rules.push({ x: ctx.left, dy: last.height, width: ctx.right - ctx.left, height: 0.5, grey: 0.6 });
  return [header, ...rows];
}

function bandsOf(ctx: Ctx, b: Block): Band[] {
  switch (b.kind) {
    case "heading":
      return [headingBand(ctx, b)];
    case "columns":
      return [columnsBand(ctx, b)];
    case "lines":
      return [linesBand(ctx, b.lines, ctx.left, ctx.right - ctx.left)];
    case "table":
      return tableBands(ctx, b);
    case "totals":
      return [pairsBand(ctx, b.pairs, ctx.right, (ctx.right - ctx.left) * 0.6)];
  }
}

const spacer = (height: number): Band => ({ height, texts: [], rules: [] });

/**
 * Lays `blocks` out down as many pages as they need. The footer's left text (the document's name) and
 * "Page n of m" sit at the foot of every page.
 */
export function layoutDocument(
  blocks: Block[],
  measure: Measure,
  opts: { footer?: string; page?: PageGeometry } = {},
): PlacedPage[] {
  const g = opts.page ?? A4;
  const ctx: Ctx = { measure, left: g.margin, right: g.width - g.margin };
  const top = g.height - g.margin;
  const bottom = g.margin + g.footerSize * 3;
  const bands = blocks.flatMap((b, i) => [
    ...(i > 0 && b.gapBefore ? [spacer(b.gapBefore)] : []),
    ...bandsOf(ctx, b),
  ]);

  const pages: PlacedPage[] = [];
  let page: PlacedPage = { texts: [], rules: [] };
  let y = top;
  const put = (band: Band) => {
    for (const t of band.texts)
      page.texts.push({ x: t.x, y: y - t.dy, text: t.text, size: t.size, bold: t.bold });
    for (const r of band.rules)
      page.rules.push({ x: r.x, y: y - r.dy - r.height, width: r.width, height: r.height, grey: r.grey });
    y -= band.height;
  };
  bands.forEach((band, i) => {
    const next = band.keepWithNext ? (bands[i + 1]?.height ?? 0) : 0;
    if (y - band.height - next < bottom && y < top) {
      pages.push(page);
      page = { texts: [], rules: [] };
      y = top;
      if (band.header && band.header !== band) put(band.header);
      if (band.texts.length === 0) return; // a gap is not carried to the top of a page
    }
    put(band);
  });
  pages.push(page);
  pages.forEach((p, i) => {
    const size = g.footerSize;
    const label = `Page ${i + 1} of ${pages.length}`;
    const y0 = g.margin;
    if (opts.footer) p.texts.push({ x: ctx.left, y: y0, text: opts.footer, size, bold: false });
    p.texts.push({ x: ctx.right - measure(label, size, false), y: y0, text: label, size, bold: false });
  });
  return pages;
}
