// A test-side reader of the PDFs the app writes, independent of src/server/pdf.ts: it follows startxref
// to the cross-reference table, checks that every offset points at "N 0 obj", walks the catalog to the
// pages and their content streams, and decodes the strings shown by Tj (WinAnsi: one byte a character,
// read as Latin-1 plus the few WinAnsi-only characters a document may use).

const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: "€",
  0x85: "…",
  0x91: "‘",
  0x92: "’",
  0x93: "“",
  0x94: "”",
  0x96: "–",
  0x97: "—",
};

export type PdfReading = { offsets: Map<number, number>; objects: Map<number, string>; text: string[] };

export function readPdf(bytes: Buffer): PdfReading {
  const file = bytes.toString("latin1");
  if (!file.startsWith("%PDF-1.")) throw new Error("not a PDF");
  const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(file);
  if (!start) throw new Error("no startxref");
  const xrefAt = Number(start[1]);
  if (file.slice(xrefAt, xrefAt + 4) !== "xref") throw new Error(`startxref ${xrefAt} is not the xref`);
  const head = /^xref\s+0 (\d+)\s+/.exec(file.slice(xrefAt));
  if (!head) throw new Error("bad xref header");
  const count = Number(head[1]);
  const table = xrefAt + head[0].length;
  const offsets = new Map<number, number>();
  const objects = new Map<number, string>();
  for (let id = 1; id < count; id++) {
    const entry = file.slice(table + id * 20, table + id * 20 + 20);
    if (!/^\d{10} \d{5} n[ \r]\n$/.test(entry))
      throw new Error(`bad xref entry ${id}: ${JSON.stringify(entry)}`);
    const at = Number(entry.slice(0, 10));
    if (!file.startsWith(`${id} 0 obj`, at))
      throw new Error(`object ${id}'s offset ${at} is not "${id} 0 obj"`);
    offsets.set(id, at);
    objects.set(id, file.slice(at, file.indexOf("endobj", at)));
  }
  const trailer = file.slice(file.indexOf("trailer", table));
  const root = ref(trailer, "Root");
  const pages = ref(must(objects.get(root)), "Pages");
  const kids = /\/Kids\s*\[([^\]]*)\]/.exec(must(objects.get(pages)))?.[1] ?? "";
  const text: string[] = [];
  for (const m of kids.matchAll(/(\d+) 0 R/g)) {
    const content = ref(must(objects.get(Number(m[1]))), "Contents");
    text.push(...shownStrings(streamOf(must(objects.get(content)))));
  }
  return { offsets, objects, text };
}

function must<T>(x: T | undefined): T {
  if (x === undefined) throw new Error("missing object");
  return x;
}

function ref(dict: string, key: string): number {
  const m = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict);
  if (!m) throw new Error(`no /${key}`);
  return Number(m[1]);
}

function streamOf(obj: string): string {
  const length = Number(/\/Length (\d+)/.exec(obj)?.[1]);
  const at = obj.indexOf("stream\n") + "stream\n".length;
  const data = obj.slice(at, at + length);
  if (
    !obj
      .slice(at + length)
      .trimStart()
      .startsWith("endstream")
  )
    throw new Error("stream /Length is wrong");
  return data;
}

/** The strings of `(…) Tj`, unescaped and decoded. */
function shownStrings(content: string): string[] {
  const out: string[] = [];
  let i = 0;
  while ((i = content.indexOf("(", i)) !== -1) {
    let s = "";
    let j = i + 1;
    for (; j < content.length && content[j] !== ")"; j++) {
      if (content[j] === "\\") {
        const next = content[++j] ?? "";
        const oct = /^[0-7]{1,3}/.exec(content.slice(j))?.[0];
        if (oct) {
          s += String.fromCharCode(parseInt(oct, 8));
          j += oct.length - 1;
        } else s += ({ n: "\n", r: "\r", t: "\t" } as Record<string, string>)[next] ?? next;
      } else s += content[j];
    }
    if (/^\s*Tj/.test(content.slice(j + 1)))
      out.push([...s].map((c) => WIN_ANSI_HIGH[c.charCodeAt(0)] ?? c).join(""));
    i = j + 1;
  }
  return out;
}
