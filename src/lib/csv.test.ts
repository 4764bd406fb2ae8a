import { describe, expect, it } from "vitest";
import { CSV_BOM, csvDateTime, csvDecimal, csvRecord, csvRow, csvText } from "@/lib/csv";

describe("csv", () => {
  it("quotes only what RFC 4180 needs, doubling quotes", () => {
    expect(csvText("plain")).toBe("plain");
    expect(csvText('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvText("a,b")).toBe('"a,b"');
    expect(csvText("line\nbreak")).toBe('"line\nbreak"');
    expect(csvText(null)).toBe("");
    expect(csvRow(["a", "b,c", undefined])).toBe('a,"b,c",\r\n');
  });

  it("neutralises cells a spreadsheet would evaluate", () => {
    expect(csvText('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvText("+447700900123")).toBe("'+447700900123");
    expect(csvText("-2+3")).toBe("'-2+3");
    expect(csvText("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvText("\t=1")).toBe("'\t=1");
    expect(csvText("\r=1")).toBe('"\'\r=1"');
    expect(csvText("a=1")).toBe("a=1");
  });

  it("writes money as decimals in the currency's precision", () => {
    expect(csvDecimal(8550, "GBP")).toBe("85.50");
    expect(csvDecimal(5, "GBP")).toBe("0.05");
    expect(csvDecimal(0, "EUR")).toBe("0.00");
    expect(csvDecimal(1200, "JPY")).toBe("1200");
    expect(csvDecimal(-150, "GBP")).toBe("-1.50");
  });

  it("writes times in the zone with its name, either side of a DST change", () => {
    expect(csvDateTime(new Date("2026-03-28T09:30:00Z"), "Europe/London")).toBe("2026-03-28 09:30 GMT");
    expect(csvDateTime(new Date("2026-03-30T08:30:00Z"), "Europe/London")).toBe("2026-03-30 09:30 BST");
    expect(csvDateTime(new Date("2026-01-01T00:05:00Z"), "America/New_York")).toBe("2025-12-31 19:05 GMT-5");
  });

  it("starts with a byte-order mark", () => {
    expect(CSV_BOM.charCodeAt(0)).toBe(0xfeff);
  });
});

describe("csvRecord", () => {
  it("writes numbers as they are (negative amounts too) and text cells neutralised", () => {
    expect(csvRecord(["Refund", { number: "-10.00" }, { number: "3" }, "-x", { number: "=1+1" }])).toBe(
      "Refund,-10.00,3,'-x,'=1+1\r\n",
    );
  });
});
