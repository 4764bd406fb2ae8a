import { describe, expect, it } from "vitest";
import { documentNumber, formatVatRate, splitGross, splitNet, vatLine, vatTotals } from "./vat";

describe("splitGross (prices include VAT)", () => {
  it.each([
    // gross, rate, vat
    [12_000, 2000, 2000], // £120 at 20%: £20 VAT
    [8_500, 2000, 1417], // 1416.67 → 1417
    [1, 2000, 0], // 0.1667 → 0
    [3, 2000, 1], // 0.5 → 1 (half away from zero)
    [10_500, 500, 500], // 5%
    [9_999, 0, 0],
    [0, 2000, 0],
    [-3_000, 2000, -500], // a discount line mirrors a charge
    [-3, 2000, -1],
    [10_000, 10_000, 5_000],
  ])("%i at %i bp has %i VAT", (gross, rate, vat) => {
    const s = splitGross(gross, rate);
    expect(s.vatMinor).toBe(vat);
    expect(s.netMinor + s.vatMinor).toBe(gross);
  });
});

describe("splitNet (VAT on top)", () => {
  it.each([
    [10_000, 2000, 2000],
    [7_083, 2000, 1417], // 1416.6 → 1417
    [25, 2000, 5],
    [-2_500, 2000, -500],
    [1_250, 1250, 156], // 156.25 → 156
  ])("%i at %i bp has %i VAT", (net, rate, vat) => {
    const s = splitNet(net, rate);
    expect(s.vatMinor).toBe(vat);
    expect(s.grossMinor).toBe(net + vat);
  });

  it("refuses a rate outside 0 to 100%", () => {
    expect(() => splitNet(100, -1)).toThrow(RangeError);
    expect(() => splitGross(100, 10_001)).toThrow(RangeError);
    expect(() => splitGross(100, 12.5)).toThrow(RangeError);
  });
});

describe("lines and totals", () => {
  it("rounds per line and totals add up to the prices when they include VAT", () => {
    const lines = [
      vatLine("Full Valet", 8_500, 2000, true),
      vatLine("Engine bay", 1_999, 2000, true),
      vatLine("Travel", 750, 2000, true),
      vatLine("Discount", -1_000, 2000, true),
    ];
    const t = vatTotals(lines);
    expect(t.grossMinor).toBe(8_500 + 1_999 + 750 - 1_000);
    expect(t.netMinor + t.vatMinor).toBe(t.grossMinor);
    expect(t.vatMinor).toBe(lines.reduce((s, l) => s + l.vatMinor, 0));
    expect(lines[0]).toEqual({
      description: "Full Valet",
      netMinor: 7_083,
      vatRateBp: 2000,
      vatMinor: 1_417,
      grossMinor: 8_500,
    });
  });

  it("adds VAT on top when prices exclude it", () => {
    const t = vatTotals([vatLine("Wash", 5_000, 2000, false), vatLine("Wax", 1_234, 2000, false)]);
    expect(t).toEqual({ netMinor: 6_234, vatMinor: 1_000 + 247, grossMinor: 6_234 + 1_247 });
  });

  it("keeps net + VAT = gross for every amount and common rate", () => {
    for (const rate of [0, 500, 1250, 2000, 1750])
      for (let gross = -500; gross <= 5_000; gross += 7) {
        const s = splitGross(gross, rate);
        expect(s.netMinor + s.vatMinor).toBe(gross);
        expect(Math.abs(s.vatMinor - (gross * rate) / (10_000 + rate))).toBeLessThanOrEqual(0.5);
      }
  });
});

describe("documentNumber", () => {
  it("numbers invoices and credit notes apart", () => {
    expect(documentNumber("invoice", 1)).toBe("INV-000001");
    expect(documentNumber("credit_note", 1)).toBe("CN-000001");
    expect(documentNumber("invoice", 123_456)).toBe("INV-123456");
    expect(documentNumber("invoice", 1_234_567)).toBe("INV-1234567");
    expect(() => documentNumber("invoice", 0)).toThrow(RangeError);
  });

  it("formats rates", () => {
    expect(formatVatRate(2000)).toBe("20%");
    expect(formatVatRate(1250)).toBe("12.5%");
    expect(formatVatRate(0)).toBe("0%");
  });
});
