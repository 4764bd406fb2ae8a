import { describe, expect, it } from "vitest";
import { amountMatches } from "./amount-check";

describe("amount check", () => {
  it.each([
    { actual: { amountMinor: 8500, currency: "gbp" }, ok: true },
    { actual: { amountMinor: 8500, currency: "GBP" }, ok: true },
    { actual: { amountMinor: 8499, currency: "GBP" }, ok: false },
    { actual: { amountMinor: 8500, currency: "EUR" }, ok: false },
    { actual: { amountMinor: null, currency: "GBP" }, ok: false },
    { actual: { amountMinor: 8500, currency: null }, ok: false },
  ])("amount check $actual → $ok", ({ actual, ok }) => {
    expect(amountMatches({ amountMinor: 8500, currency: "GBP" }, actual)).toBe(ok);
  });
});
