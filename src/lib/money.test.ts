import { describe, expect, it } from "vitest";
import { formatMoney, formatSignedMoney } from "./money";

describe("formatSignedMoney", () => {
  it("shows a negative amount with a true minus sign, and any other as formatMoney does", () => {
    expect(formatSignedMoney(-350, "GBP")).toBe("\u2212£3.50");
    expect(formatSignedMoney(0, "GBP")).toBe(formatMoney(0, "GBP"));
    expect(formatSignedMoney(12345, "GBP")).toBe("£123.45");
  });
});
