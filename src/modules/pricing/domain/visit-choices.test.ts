import { describe, expect, it } from "vitest";
import { catalogueService as svc } from "@tests/support/catalogue";
import { NO_BUNDLE } from "./visit-quote";
import { type BookingCatalogue, priceKey, resolveChoices } from "./booking-choices";
import { bundleRuleOf, lineNameInVisit, resolveVisit } from "./visit-choices";

const cat: BookingCatalogue = {
  services: [
    svc({ id: "p1", slug: "full-valet", kind: "package", name: "Full Valet" }),
    svc({ id: "p2", slug: "wash", kind: "package", name: "Wash" }),
    svc({ id: "a1", slug: "pet-hair", kind: "addon", name: "Pet Hair" }),
  ],
  sizes: [
    { id: "m", name: "Medium", description: "", examples: "Golf" },
    { id: "l", name: "Large", description: "", examples: "Transit" },
  ],
  prices: new Map([
    [priceKey("p1", "m"), { priceMinor: 9500, durationMinutes: 195 }],
    [priceKey("p2", "m"), { priceMinor: 3000, durationMinutes: 45 }],
    [priceKey("p2", "l"), { priceMinor: 4000, durationMinutes: 60 }],
    [priceKey("a1", "m"), { priceMinor: 2000, durationMinutes: 30 }],
  ]),
  zones: [
    { id: "z2", name: "Greenwich", postcodePrefixes: ["SE10"], travelFeeMinor: 750, travelBufferMinutes: 15 },
  ],
};
const first = { service: "full-valet", sizeId: "m", addons: ["pet-hair"], postcode: "SE10 9NF" };
const rule = bundleRuleOf({
  bundleSecondVehiclePercent: 10,
  bundleLaterVehiclePercent: 15,
  bundleMinutesSavedPerExtraVehicle: 15,
});

describe("resolveVisit", () => {
  it("prices a family's two cars as one visit: each for its size, travel once, the bundle line", () => {
    const r = resolveVisit(cat, {
      first,
      more: [{ service: "wash", sizeId: "l", addons: [] }],
      bundle: rule,
    });
    expect(r.errors).toEqual({});
    expect(r.quote?.totalMinor).toBe(9500 + 2000 + 4000 - 400 + 750);
    expect(r.quote?.totalMinutes).toBe(195 + 30 + 60 - 15);
    expect(r.quote?.travelBufferMinutes).toBe(15);
    expect(r.more[0]?.size?.name).toBe("Large");
  });

  it("a visit of one vehicle is priced exactly as resolveChoices() prices it", () => {
    const one = resolveVisit(cat, { first, more: [], bundle: rule });
    const single = resolveChoices(cat, first);
    expect(one.quote?.totalMinor).toBe(single.quote?.totalMinor);
    expect(one.quote?.lines.map(({ vehicle: _v, ...l }) => l)).toEqual(single.quote?.lines);
  });

  it("names a further vehicle's problems by its place, and prices nothing until every vehicle can be", () => {
    const r = resolveVisit(cat, {
      first,
      more: [
        { service: "wash", sizeId: "m", addons: ["pet-hair"] },
        { service: "full-valet", sizeId: "l", addons: [] },
        { service: null, sizeId: null, addons: [] },
      ],
      bundle: NO_BUNDLE,
    });
    expect(r.errors).toEqual({
      "more.1.size": "Full Valet isn't offered for large vehicles. Choose another size or service.",
      "more.2.service": "Choose a service.",
      "more.2.size": "Choose your vehicle's size.",
    });
    expect(r.quote).toBeNull();
  });
});

describe("lineNameInVisit", () => {
  const vans = [{ registration: "FL21VAN" }, { registration: "FL22VAN" }];
  it("names a vehicle's line by its registration when the visit has several", () => {
    expect(lineNameInVisit({ name: "Exterior Wash", vehiclePosition: 1 }, vans)).toBe(
      "Exterior Wash — FL22VAN",
    );
    expect(lineNameInVisit({ name: "Travel to Greenwich", vehiclePosition: null }, vans)).toBe(
      "Travel to Greenwich",
    );
    expect(lineNameInVisit({ name: "Exterior Wash", vehiclePosition: 0 }, vans.slice(0, 1))).toBe(
      "Exterior Wash",
    );
  });
});
