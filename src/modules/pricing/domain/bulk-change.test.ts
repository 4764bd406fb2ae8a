import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyPercentage,
  checkCellInput,
  currencyFractionDigits,
  DURATION_FORMAT_MESSAGE,
  DURATION_MESSAGE,
  formatPriceInput,
  parseDurationInput,
  parsePercentInput,
  parsePriceInput,
  PERCENT_MESSAGE,
  previewBulkChange,
  priceMaxMessage,
} from "./bulk-change";

const PRICE_MESSAGE = "Enter a price like 45 or 45.50.";

describe("applyPercentage", () => {
  it.each([
    // price, percent, step, expected
    [4500, 7.5, 50, 4850], // 4837.5 → nearest 50p
    [4500, 7.5, 1, 4838], // 4837.5 → half-up
    [4500, 10, 1, 4950],
    [4500, -10, 1, 4050],
    [4500, -10, 500, 4000], // 4050 → nearest £5 = 4000 (4050 is 8.1 × 500)
    [4750, 0, 500, 5000], // 9.5 steps → half-up
    [4749, 0, 500, 4500],
    [1000, 0.1, 1, 1001],
    [1000, 0.3, 1, 1003], // 0.1 + 0.2 style drift would give 1002.9999…
    [3, 50, 1, 5], // 4.5 → 5
    [1999, 15, 10, 2300], // 2298.85 → 2300
    [100, -99.99, 1, 0], // 0.01 → 0
    [100, -100, 1, 0],
    [100, -250, 1, 0], // never negative
    [0, 25, 50, 0],
    [9500, 33.3333, 1, 12667], // 12666.66…
  ])("%i minor %s%% to step %i → %i", (price, percent, step, expected) => {
    expect(applyPercentage(price, percent, step)).toBe(expected);
  });

  it("takes floating-point-noisy percentages at face value", () => {
    expect(applyPercentage(10_000, 0.1 + 0.2, 1)).toBe(10_030);
    expect(applyPercentage(2_000_000, 1.005, 1)).toBe(2_020_100);
  });

  it("refuses nonsense arguments", () => {
    expect(() => applyPercentage(-1, 5, 1)).toThrow(RangeError);
    expect(() => applyPercentage(1.5, 5, 1)).toThrow(RangeError);
    expect(() => applyPercentage(100, 5, 0)).toThrow(RangeError);
    expect(() => applyPercentage(100, Number.NaN, 1)).toThrow(RangeError);
  });

  const price = fc.integer({ min: 0, max: 10_000_000 });
  const percent = fc.integer({ min: -10_000, max: 100_000 }).map((n) => n / 100);
  const step = fc.constantFrom(1, 10, 50, 100, 500);

  it("always lands on a non-negative multiple of the step, within half a step of the exact value", () => {
    fc.assert(
      fc.property(price, percent, step, (p, pct, s) => {
        const out = applyPercentage(p, pct, s);
        expect(Number.isSafeInteger(out)).toBe(true);
        expect(out).toBeGreaterThanOrEqual(0);
        expect(out % s).toBe(0);
        // Exact in hundredths of a minor unit: p × (10000 + 100·pct) / 10000.
        const exactTimes100 = BigInt(p) * BigInt(10_000 + Math.round(pct * 100));
        const outTimes100 = BigInt(out) * 10_000n;
        const diff = outTimes100 - exactTimes100;
        if (exactTimes100 > 0n) {
          // |diff| ≤ half a step, ties go up: −step/2 < diff ≤ step/2.
          expect(diff * 2n <= BigInt(s) * 10_000n).toBe(true);
          expect(diff * 2n > -BigInt(s) * 10_000n).toBe(true);
        }
      }),
    );
  });

  it("is monotonic in the price and the identity for 0 % to the penny", () => {
    fc.assert(
      fc.property(price, price, percent, step, (a, b, pct, s) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(applyPercentage(lo, pct, s)).toBeLessThanOrEqual(applyPercentage(hi, pct, s));
        expect(applyPercentage(a, 0, 1)).toBe(a);
      }),
    );
  });
});

describe("parsePriceInput", () => {
  it.each([
    ["45", 4500],
    ["45.5", 4550],
    ["45.50", 4550],
    [" 45.05 ", 4505],
    ["0", 0],
    ["0.99", 99],
    ["1,250", 125_000],
    ["1,250.75", 125_075],
    ["£45", 4500],
    ["GBP 12.30", 1230],
    ["99999.99", 9_999_999],
  ])("%j → %i", (input, minor) => {
    expect(parsePriceInput(input)).toEqual({ ok: true, value: minor });
  });

  it.each(["", " ", "abc", "45.505", "45.", ".5", "4 5", "45,5", "1,25", "1e3", "0x10", "45..5"])(
    "%j → the format message",
    (input) => {
      expect(parsePriceInput(input)).toEqual({ ok: false, message: PRICE_MESSAGE });
    },
  );

  it("says why a negative or huge price is refused", () => {
    expect(parsePriceInput("-5")).toEqual({ ok: false, message: "A price can't be negative." });
    const tooHigh = { ok: false, message: "Enter a price below 100,000." };
    expect(priceMaxMessage()).toBe(tooHigh.message);
    expect(parsePriceInput("100000")).toEqual(tooHigh);
    expect(parsePriceInput("12345678901234567890")).toEqual(tooHigh);
    expect(parsePriceInput("10000000", 0)).toEqual({ ok: false, message: "Enter a price below 10,000,000." });
  });

  it("follows the currency's minor unit", () => {
    expect(parsePriceInput("4500", 0)).toEqual({ ok: true, value: 4500 });
    expect(parsePriceInput("45.5", 0)).toEqual({ ok: false, message: "Enter a price like 45." });
    expect(parsePriceInput("1.5", 3)).toEqual({ ok: true, value: 1500 });
  });

  it("round-trips with formatPriceInput", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), fc.constantFrom(0, 2, 3), (minor, digits) => {
        expect(parsePriceInput(formatPriceInput(minor, digits), digits)).toEqual({ ok: true, value: minor });
      }),
    );
    expect(formatPriceInput(4505)).toBe("45.05");
    expect(formatPriceInput(7)).toBe("0.07");
    expect(formatPriceInput(4500, 0)).toBe("4500");
  });
});

describe("parseDurationInput", () => {
  it.each([
    ["5", 5],
    ["90", 90],
    [" 720 ", 720],
    ["90 min", 90],
    ["45mins", 45],
  ])("%j → %i", (input, minutes) => {
    expect(parseDurationInput(input)).toEqual({ ok: true, value: minutes });
  });

  it.each(["0", "3", "92", "7205", "-5", "10000"])("%j is outside the rule", (input) => {
    expect(parseDurationInput(input)).toEqual({ ok: false, message: DURATION_MESSAGE });
  });

  it.each(["", "ninety", "90.5", "1:30"])("%j is not a number of minutes", (input) => {
    expect(parseDurationInput(input)).toEqual({ ok: false, message: DURATION_FORMAT_MESSAGE });
  });

  it("uses the agreed wording", () => {
    expect(DURATION_MESSAGE).toBe("Use a multiple of 5 minutes, from 5 to 7200.");
  });
});

describe("parsePercentInput", () => {
  it.each([
    ["7.5", 7.5],
    ["-10", -10],
    ["+3 %", 3],
    ["\u22125", -5],
    ["0", 0],
    ["-0", 0],
    ["1000", 1000],
    ["-99.99", -99.99],
  ])("%j → %s", (input, value) => {
    expect(parsePercentInput(input)).toEqual({ ok: true, value });
  });

  it.each(["", "abc", "7.555", "-100", "1000.01", "5%%"])("%j is refused", (input) => {
    expect(parsePercentInput(input)).toEqual({ ok: false, message: PERCENT_MESSAGE });
  });
});

describe("checkCellInput", () => {
  it("reads both fields, both empty as 'not offered', and names the empty half", () => {
    expect(checkCellInput({ price: "45.50", duration: "90" })).toEqual({
      kind: "set",
      priceMinor: 4550,
      durationMinutes: 90,
    });
    expect(checkCellInput({ price: " ", duration: "" })).toEqual({ kind: "remove" });
    expect(checkCellInput({ price: "", duration: "90" })).toEqual({
      kind: "invalid",
      errors: { price: expect.stringContaining("Enter a price too") },
    });
    expect(checkCellInput({ price: "45", duration: "" })).toEqual({
      kind: "invalid",
      errors: { duration: expect.stringContaining("Enter the minutes too") },
    });
    expect(checkCellInput({ price: "x", duration: "7" })).toEqual({
      kind: "invalid",
      errors: { price: PRICE_MESSAGE, duration: DURATION_MESSAGE },
    });
  });
});

describe("currencyFractionDigits", () => {
  it("knows the minor unit of a currency", () => {
    expect(currencyFractionDigits("GBP")).toBe(2);
    expect(currencyFractionDigits("JPY")).toBe(0);
    expect(currencyFractionDigits("not a currency")).toBe(2);
  });
});

describe("previewBulkChange", () => {
  it("moves offered prices, leaves empty cells alone and counts unreadable ones", () => {
    const { prices, skipped } = previewBulkChange(
      [
        { key: "a", price: "45.00" },
        { key: "b", price: "" }, // not offered
        { key: "c", price: "oops" },
        { key: "d", price: "10" }, // 10.75 → nearest 50p is 11.00
        { key: "e", price: "20.00" }, // 21.50: already on a 50p step, changes
      ],
      7.5,
      50,
    );
    expect(Object.fromEntries(prices)).toEqual({ a: "48.50", d: "11.00", e: "21.50" });
    expect(skipped).toBe(1);
  });

  it("leaves out prices that don't move", () => {
    expect(previewBulkChange([{ key: "a", price: "45" }], 0, 1).prices.size).toBe(0);
    expect(previewBulkChange([{ key: "a", price: "45.20" }], 0, 50).prices.get("a")).toBe("45.00");
  });
});
