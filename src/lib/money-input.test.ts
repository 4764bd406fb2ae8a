import { describe, expect, it } from "vitest";
import { isMoneyWithinLimit, MAX_MONEY_MINOR } from "./money-input";

describe("the money input bound", () => {
  it.each([
    [0, true],
    [8500, true],
    [MAX_MONEY_MINOR, true],
    [MAX_MONEY_MINOR + 1, false],
    [2_147_483_648, false],
    [-1, false],
    [12.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])("%s → %s", (minor, ok) => {
    expect(isMoneyWithinLimit(minor)).toBe(ok);
  });
});
