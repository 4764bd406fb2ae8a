import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney, percentOfCeil, percentOfFloor } from "./money";
import { generateReference, isReference, REFERENCE_ALPHABET } from "./reference";
import { normaliseRegistration } from "./registration";
import { safeNextPath } from "./routes";

describe("money", () => {
  it("formats minor units with the currency", () => {
    expect(formatMoney(4500, "GBP")).toBe("£45.00");
    expect(formatMoney(123456, "GBP")).toBe("£1,234.56");
    expect(formatMoney(999, "EUR")).toBe("€9.99");
    expect(formatMoney(500, "JPY")).toBe("JP¥500");
  });

  it("rounds a deposit up and a fee down, in whole pence", () => {
    expect(percentOfCeil(9500, 20)).toBe(1900);
    expect(percentOfCeil(3333, 20)).toBe(667);
    expect(percentOfFloor(3333, 50)).toBe(1666);
  });
});

describe("booking references", () => {
  it("are FC- plus six characters from an unambiguous alphabet", () => {
    for (let i = 0; i < 200; i++) {
      const ref = generateReference();
      expect(isReference(ref), ref).toBe(true);
    }
    expect(REFERENCE_ALPHABET).not.toMatch(/[01ILOU]/);
  });

  it("use every character with equal probability (no modulo bias)", () => {
    expect(240 % REFERENCE_ALPHABET.length).toBe(0);
  });
});

describe("registrations", () => {
  it.each([
    ["lb19 xkt", "LB19XKT"],
    [" AB-12 cde ", "AB12CDE"],
  ])("%s → %s", (input, out) => expect(normaliseRegistration(input)).toBe(out));
});

describe("safeNextPath", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/admin/bookings?status=confirmed", "/admin/bookings?status=confirmed"],
    [null, "/"],
    ["https://evil.example", "/"],
    ["//evil.example", "/"],
    ["%2F%2Fevil.example", "/"],
    ["%252F%252Fevil.example", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
  ])("%s → %s", (input, out) => expect(safeNextPath(input)).toBe(out));

  it("never returns something that leaves the site", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = safeNextPath(s);
        return out.startsWith("/") && !out.startsWith("//") && !out.includes("\\");
      }),
    );
  });
});
