import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PriceCell, quote, type QuoteService } from "./quote";
import { type BundleRule, bundleOfferText, NO_BUNDLE, quoteVisit, type VisitVehicle } from "./visit-quote";

const valet = "cat-valet";
const fullValet: QuoteService = { id: "full-valet", name: "Full Valet", kind: "package", categoryId: valet };
const wash: QuoteService = { id: "wash", name: "Exterior Wash", kind: "package", categoryId: valet };
const petHair: QuoteService = { id: "pet-hair", name: "Pet Hair Removal", kind: "addon", categoryId: valet };

const cells: Record<string, PriceCell> = {
  "full-valet:M": { priceMinor: 9500, durationMinutes: 195 },
  "full-valet:XL": { priceMinor: 12500, durationMinutes: 240 },
  "wash:M": { priceMinor: 3000, durationMinutes: 45 },
  "wash:XL": { priceMinor: 4000, durationMinutes: 60 },
  "pet-hair:M": { priceMinor: 2000, durationMinutes: 30 },
  "pet-hair:XL": { priceMinor: 2500, durationMinutes: 40 },
};
const prices = (s: string, size: string) => cells[`${s}:${size}`];
const nearby = { name: "Brixton", travelFeeMinor: 0, travelBufferMinutes: 0 };
const far = { name: "Greenwich", travelFeeMinor: 750, travelBufferMinutes: 15 };
const rule: BundleRule = {
  secondVehiclePercent: 10,
  laterVehiclePercent: 15,
  minutesSavedPerExtraVehicle: 15,
};

const car = (pkg: QuoteService, size: string, addons: QuoteService[] = []): VisitVehicle => ({
  package: pkg,
  addons,
  vehicleSizeId: size,
});

describe("quoteVisit", () => {
  it.each([
    {
      name: "one vehicle: no bundle line, the same as quote()",
      vehicles: [car(fullValet, "M", [petHair])],
      zone: far,
      total: 9500 + 2000 + 750,
      minutes: 225,
      bundle: null,
    },
    {
      name: "two cars: 10% off the cheaper one, 15 min saved",
      vehicles: [car(wash, "M"), car(fullValet, "XL")],
      zone: nearby,
      total: 12500 + 3000 - 300,
      minutes: 240 + 45 - 15,
      bundle: {
        priceMinor: -300,
        minutes: -15,
        name: "2 vehicles: 10% off the cheaper one, 15 min saved setting up once",
      },
    },
    {
      name: "three: 10% off the second dearest, 15% off the cheapest; travel once",
      vehicles: [car(fullValet, "M"), car(wash, "M"), car(fullValet, "XL")],
      zone: far,
      total: 12500 + 9500 - 950 + 3000 - 450 + 750,
      minutes: 240 + 195 + 45 - 30,
      bundle: {
        priceMinor: -1400,
        minutes: -30,
        name: "3 vehicles: 10% off the second dearest, 15% off the cheapest, 30 min saved setting up once",
      },
    },
    {
      name: "a penny is never given away: 10% of £30.05 is £3.00",
      vehicles: [car(fullValet, "M"), { ...car(wash, "M"), package: { ...wash, id: "odd" } }],
      zone: nearby,
      total: 9500 + 3005 - 300,
      minutes: 195 + 45 - 15,
      bundle: {
        priceMinor: -300,
        minutes: -15,
        name: "2 vehicles: 10% off the cheaper one, 15 min saved setting up once",
      },
    },
  ])("$name", ({ vehicles, zone, total, minutes, bundle }) => {
    const odd = (s: string, size: string) =>
      s === "odd" ? { priceMinor: 3005, durationMinutes: 45 } : prices(s, size);
    const r = quoteVisit({ vehicles, zone, prices: odd, bundle: rule });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.quote.totalMinor).toBe(total);
    expect(r.quote.totalMinutes).toBe(minutes);
    const line = r.quote.lines.find((l) => l.kind === "discount");
    if (bundle) expect(line).toMatchObject({ ...bundle, vehicle: null });
    else expect(line).toBeUndefined();
    expect(r.quote.travelBufferMinutes).toBe(zone.travelBufferMinutes);
  });

  it("keeps each vehicle's lines with its position, in the order given", () => {
    const r = quoteVisit({
      vehicles: [car(wash, "M", [petHair]), car(fullValet, "XL")],
      zone: nearby,
      prices,
      bundle: rule,
    });
    if (!r.ok) throw new Error("refused");
    expect(r.quote.lines.map((l) => [l.vehicle, l.kind, l.name])).toEqual([
      [0, "package", "Exterior Wash"],
      [0, "addon", "Pet Hair Removal"],
      [1, "package", "Full Valet"],
      [null, "discount", "2 vehicles: 10% off the cheaper one, 15 min saved setting up once"],
    ]);
    expect(r.quote.vehicles).toEqual([
      { subtotalMinor: 5000, minutes: 75, discountMinor: 500 },
      { subtotalMinor: 12500, minutes: 240, discountMinor: 0 },
    ]);
  });

  it("never saves more set-up time than the visit's shorter vehicles take", () => {
    const r = quoteVisit({
      vehicles: [car(wash, "M"), car(wash, "M")],
      zone: nearby,
      prices,
      bundle: { ...NO_BUNDLE, minutesSavedPerExtraVehicle: 120 },
    });
    expect(r.ok && r.quote.totalMinutes).toBe(45);
  });

  it("names the vehicle a refusal is about, and refuses an empty visit or a postcode outside every zone", () => {
    expect(
      quoteVisit({
        vehicles: [car(fullValet, "M"), car(fullValet, "S")],
        zone: nearby,
        prices,
        bundle: rule,
      }),
    ).toEqual({ ok: false, error: { code: "PACKAGE_NOT_OFFERED", serviceId: "full-valet" }, vehicle: 1 });
    expect(quoteVisit({ vehicles: [], zone: nearby, prices, bundle: rule })).toEqual({
      ok: false,
      error: { code: "NO_VEHICLES" },
      vehicle: null,
    });
    expect(quoteVisit({ vehicles: [car(wash, "M")], zone: null, prices, bundle: rule })).toEqual({
      ok: false,
      error: { code: "OUTSIDE_AREA" },
      vehicle: null,
    });
  });

  it("a rule of nothing off shows no bundle line", () => {
    const r = quoteVisit({
      vehicles: [car(wash, "M"), car(wash, "XL")],
      zone: nearby,
      prices,
      bundle: NO_BUNDLE,
    });
    expect(r.ok && r.quote.lines.some((l) => l.kind === "discount")).toBe(false);
    expect(r.ok && r.quote.totalMinor).toBe(7000);
  });
});

// Properties over random visits: up to 6 vehicles of random packages, sizes and add-ons, random rules.
const vehicleArb = fc.record({
  pkg: fc.constantFrom(fullValet, wash),
  size: fc.constantFrom("M", "XL"),
  pet: fc.boolean(),
});
const ruleArb = fc.record({
  secondVehiclePercent: fc.integer({ min: 0, max: 100 }),
  laterVehiclePercent: fc.integer({ min: 0, max: 100 }),
  minutesSavedPerExtraVehicle: fc.integer({ min: 0, max: 300 }),
});
const toVehicle = (v: { pkg: QuoteService; size: string; pet: boolean }) =>
  car(v.pkg, v.size, v.pet ? [petHair] : []);
const visit = (vs: { pkg: QuoteService; size: string; pet: boolean }[], bundle: BundleRule, zone = far) => {
  const r = quoteVisit({ vehicles: vs.map(toVehicle), zone, prices, bundle });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.quote;
};

describe("quoteVisit properties", () => {
  it("the total is the sum of the lines, and the minutes too", () => {
    fc.assert(
      fc.property(fc.array(vehicleArb, { minLength: 1, maxLength: 6 }), ruleArb, (vs, bundle) => {
        const q = visit(vs, bundle);
        expect(q.totalMinor).toBe(q.lines.reduce((s, l) => s + l.priceMinor, 0));
        expect(q.totalMinutes).toBe(q.lines.reduce((s, l) => s + l.minutes, 0));
        expect(q.totalMinor).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("more vehicles never cost less than fewer", () => {
    fc.assert(
      fc.property(
        fc.array(vehicleArb, { minLength: 1, maxLength: 5 }),
        vehicleArb,
        fc.nat(5),
        ruleArb,
        (vs, extra, at, bundle) => {
          const more = [...vs];
          more.splice(at % (vs.length + 1), 0, extra);
          expect(visit(more, bundle).totalMinor).toBeGreaterThanOrEqual(visit(vs, bundle).totalMinor);
        },
      ),
    );
  });

  it("the order the vehicles are listed in changes nothing but the lines' order", () => {
    fc.assert(
      fc.property(fc.array(vehicleArb, { minLength: 1, maxLength: 6 }), ruleArb, (vs, bundle) => {
        const a = visit(vs, bundle);
        const b = visit([...vs].reverse(), bundle);
        expect(b.totalMinor).toBe(a.totalMinor);
        expect(b.totalMinutes).toBe(a.totalMinutes);
      }),
    );
  });

  it("the visit takes at least its longest vehicle's work and at most all of it", () => {
    fc.assert(
      fc.property(fc.array(vehicleArb, { minLength: 1, maxLength: 6 }), ruleArb, (vs, bundle) => {
        const q = visit(vs, bundle, nearby);
        const each = q.vehicles.map((v) => v.minutes);
        expect(q.totalMinutes).toBeGreaterThanOrEqual(Math.max(...each));
        expect(q.totalMinutes).toBeLessThanOrEqual(each.reduce((s, m) => s + m, 0));
      }),
    );
  });

  it("one vehicle is priced exactly as quote() prices it", () => {
    fc.assert(
      fc.property(vehicleArb, ruleArb, fc.boolean(), (v, bundle, isFar) => {
        const zone = isFar ? far : nearby;
        const single = quote({
          package: v.pkg,
          addons: v.pet ? [petHair] : [],
          vehicleSizeId: v.size,
          zone,
          prices,
        });
        if (!single.ok) throw new Error("refused");
        const q = visit([v], bundle, zone);
        expect(q.lines.map(({ vehicle: _v, ...l }) => l)).toEqual(single.quote.lines);
        expect(q.totalMinutes).toBe(single.quote.totalMinutes);
      }),
    );
  });
});

describe("bundleOfferText: the offer advertised says what the bundle line applies", () => {
  const offer = (second: number, later: number) => ({
    secondVehiclePercent: second,
    laterVehiclePercent: later,
    minutesSavedPerExtraVehicle: 15,
  });
  it.each<[string, number, number, number, string | null]>([
    [
      "second and later",
      10,
      15,
      5,
      "More than one vehicle in one visit: the dearest is full price, 10% off the next, and 15% off each one after that.",
    ],
    [
      "second only",
      10,
      0,
      5,
      "More than one vehicle in one visit: the dearest is full price, 10% off the next.",
    ],
    [
      "two vehicles at most: the later rate never applies",
      10,
      15,
      2,
      "More than one vehicle in one visit: the dearest is full price, 10% off the next.",
    ],
    ["later only", 0, 15, 5, "Three or more vehicles in one visit: 15% off the third and each one after."],
    ["no discount", 0, 0, 5, null],
    ["one vehicle per visit", 10, 15, 1, null],
  ])("%s", (_name, second, later, max, text) => {
    expect(bundleOfferText(offer(second, later), max)).toBe(text);
  });
});
