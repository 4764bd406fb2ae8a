import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/decisions/README.md lists every decision record with its status (issue 42 §9). A record added
// without its row, or a row left behind by a renamed record, fails here.

const DIR = path.resolve(import.meta.dirname, "../../docs/decisions");
const RECORD = /^(\d{4})-[a-z0-9-]+\.md$/;

/** The index's rows: the record each links to, and its status cell. */
function indexRows(index: string): { number: string; file: string; status: string }[] {
  return [...index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\) \|.*\| ([^|]*) \|$/gm)].map((m) => ({
    number: m[1] as string,
    file: m[2] as string,
    status: (m[3] as string).trim(),
  }));
}

describe("the decision records' index", () => {
  const records = fs.readdirSync(DIR).filter((f) => RECORD.test(f));
  const rows = indexRows(fs.readFileSync(path.join(DIR, "README.md"), "utf8"));

  it("has a row with a status for every record in docs/decisions", () => {
    expect(records.length).toBeGreaterThan(50);
    const missing = records.filter((f) => !rows.some((r) => r.file === f));
    expect(missing, "records without a row in docs/decisions/README.md").toEqual([]);
    for (const r of rows) expect(r.status, `the status of ${r.number}`).toMatch(/^(Accepted|Superseded)/);
  });

  it("links each row to a record of that number that exists, once", () => {
    for (const r of rows) {
      expect(records, `${r.file} (row ${r.number})`).toContain(r.file);
      expect(r.file.slice(0, 4)).toBe(r.number);
    }
    expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
  });
});
