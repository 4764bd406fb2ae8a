import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  amountDueNow,
  lateCancellationFee,
  type PriceCell,
  quote,
  type QuoteService,
  visitModeOf,
  visitSpansBreaks,
} from "./quote";

const valet = "cat-valet";
const wash = "cat-wash";
const fullValet: QuoteService = { id: "full-valet", name: "Full Valet", kind: "package", categoryId: valet };
const petHair: QuoteService = { id: "pet-hair", name: "Pet Hair Removal", kind: "addon", categoryId: valet };
const leather: QuoteService = {
  id: "leather",
  name: "Leather Care",
  kind: "addon",
  categoryId: valet,
  addonCategoryIds: [valet],
};
const exteriorWash: QuoteService = { id: "wash", name: "Exterior Wash", kind: "package", categoryId: wash };

const cells: Record<string, PriceCell> = {
  "full-valet:M": { priceMinor: 9500, durationMinutes: 195 },
  "pet-hair:M": { priceMinor: 2000, durationMinutes: 30 },
  "leather:M": { priceMinor: 3000, durationMinutes: 30 },
  "wash:M": { priceMinor: 3000, durationMinutes: 45 },
  "full-valet:XL": { priceMinor: 12500, durationMinutes: 240 },
};
const prices = (s: string, size: string) => cells[`${s}:${size}`];
const nearby = { name: "Brixton", travelFeeMinor: 0, travelBufferMinutes: 0 };
const far = { name: "Greenwich", travelFeeMinor: 750, travelBufferMinutes: 15 };

describe("quote", () => {
  it("adds the package, add-ons and travel fee into line items, total and minutes", () => {
    const r = quote({
      package: fullValet,
      addons: [petHair, leather],
      vehicleSizeId: "M",
      zone: far,
      prices,
    });
    expect(r).toEqual({
      ok: true,
      quote: {
        lines: [
          { kind: "package", serviceId: "full-valet", name: "Full Valet", priceMinor: 9500, minutes: 195 },
          { kind: "addon", serviceId: "pet-hair", name: "Pet Hair Removal", priceMinor: 2000, minutes: 30 },
          { kind: "addon", serviceId: "leather", name: "Leather Care", priceMinor: 3000, minutes: 30 },
          { kind: "travel_fee", serviceId: null, name: "Travel to Greenwich", priceMinor: 750, minutes: 0 },
        ],
        totalMinor: 15250,
        totalMinutes: 255,
        travelBufferMinutes: 15,
        spansBreaks: true,
        visitMode: "mobile",
      },
    });
  });

  it("has no travel line when the zone charges nothing", () => {
    const r = quote({ package: fullValet, addons: [], vehicleSizeId: "M", zone: nearby, prices });
    expect(r.ok && r.quote.lines.map((l) => l.kind)).toEqual(["package"]);
  });

  it.each([
    [
      "a package not offered for the size",
      { package: fullValet, addons: [], vehicleSizeId: "S" },
      "PACKAGE_NOT_OFFERED",
    ],
    [
      "an add-on not priced for the size",
      { package: fullValet, addons: [petHair], vehicleSizeId: "XL" },
      "ADDON_NOT_OFFERED",
    ],
    [
      "an add-on limited to other categories",
      { package: exteriorWash, addons: [leather], vehicleSizeId: "M" },
      "ADDON_NOT_ALLOWED",
    ],
    [
      "an add-on given twice",
      { package: fullValet, addons: [petHair, petHair], vehicleSizeId: "M" },
      "DUPLICATE_ADDON",
    ],
    ["an add-on as the package", { package: petHair, addons: [], vehicleSizeId: "M" }, "NOT_A_PACKAGE"],
    [
      "a package as an add-on",
      { package: fullValet, addons: [exteriorWash], vehicleSizeId: "M" },
      "NOT_AN_ADDON",
    ],
  ] as const)("refuses %s", (_name, input, code) => {
    const r = quote({ ...input, zone: nearby, prices });
    expect(r.ok ? null : r.error.code).toBe(code);
  });

  it("refuses a postcode outside every zone", () => {
    const r = quote({ package: fullValet, addons: [], vehicleSizeId: "M", zone: null, prices });
    expect(r).toEqual({ ok: false, error: { code: "OUTSIDE_AREA" } });
  });
});

describe("visitSpansBreaks", () => {
  it("a visit may span a break when every package of it may (unset means it may)", () => {
    expect(visitSpansBreaks([{}, { spansBreaks: true }])).toBe(true);
    expect(visitModeOf([{}, { multiDayMode: "drop_off" }])).toBe("drop_off");
    expect(visitModeOf([{}, { multiDayMode: "mobile" }])).toBe("mobile");
    expect(visitSpansBreaks([{ spansBreaks: true }, { spansBreaks: false }])).toBe(false);
    expect(visitSpansBreaks([])).toBe(true);
  });
});

describe("amounts", () => {
  it.each([
    [15250, "full", 20, 15250],
    [15250, "deposit", 20, 3050],
    [3333, "deposit", 20, 667],
    [999, "deposit", 100, 999],
    [15250, "on_the_day", 20, 0],
  ] as const)("total %i in mode %s (%i%%) → %i due now", (total, mode, pct, due) => {
    expect(amountDueNow(total, mode, pct)).toBe(due);
  });

  it.each([
    [10000, 50, 10000, 5000],
    [10000, 50, 2000, 2000],
    [3333, 50, 5000, 1666],
    [10000, 0, 10000, 0],
  ])("fee on %i at %i%% with %i paid → %i", (total, pct, paid, fee) => {
    expect(lateCancellationFee(total, pct, paid)).toBe(fee);
  });

  it("never charges more than was paid, nor a negative fee", () => {
    fc.assert(
      fc.property(
        fc.nat(10_000_000),
        fc.integer({ min: 0, max: 100 }),
        fc.nat(10_000_000),
        (total, pct, paid) => {
          const fee = lateCancellationFee(total, pct, paid);
          return fee >= 0 && fee <= paid && fee <= total;
        },
      ),
    );
  });
});
