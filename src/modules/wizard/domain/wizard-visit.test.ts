import { describe, expect, it } from "vitest";
import { type BookingCatalogue, priceKey } from "@/modules/pricing/domain/booking-choices";
import { NO_BUNDLE } from "@/modules/pricing/domain/visit-quote";
import type { MoreVehicle } from "./wizard-state";
import {
  ALREADY_IN_VISIT,
  limitMessage,
  NOT_YOURS,
  repeatedRegistrations,
  resolveWizardVisit,
} from "./wizard-visit";

const service = (id: string, slug: string, kind: "package" | "addon") => ({
  id,
  slug,
  kind,
  name: slug.toUpperCase(),
  categoryId: "c",
  categoryName: "Care",
  shortDescription: "",
  addonCategoryIds: kind === "package" ? ["c"] : [],
  spansBreaks: true,
});

const cat: BookingCatalogue = {
  services: [
    service("valet", "valet", "package"),
    service("wash", "wash", "package"),
    service("wax", "wax", "addon"),
  ],
  sizes: [
    { id: "small", name: "Small", description: "", examples: "" },
    { id: "van", name: "Van", description: "", examples: "" },
  ],
  prices: new Map([
    [priceKey("valet", "small"), { priceMinor: 8000, durationMinutes: 120 }],
    [priceKey("wash", "small"), { priceMinor: 2500, durationMinutes: 40 }],
    [priceKey("wash", "van"), { priceMinor: 3500, durationMinutes: 60 }],
    [priceKey("wax", "small"), { priceMinor: 1500, durationMinutes: 20 }],
    [priceKey("wax", "van"), { priceMinor: 2000, durationMinutes: 30 }],
  ]),
  zones: [{ id: "z", name: "Town", postcodePrefixes: ["SW9"], travelFeeMinor: 500, travelBufferMinutes: 10 }],
};

const first = { service: "wash", sizeId: "small", addons: ["wax"], postcode: "SW9 8AB" };
const newVan = (over: Partial<MoreVehicle> = {}): MoreVehicle => ({
  size: "van",
  vehicle: null,
  service: null,
  addons: [],
  ...over,
});
const own = { id: "v1", vehicleSizeId: "van", make: "Ford", model: "Transit", registration: "FL22VAN" };
const base = {
  first,
  firstVehicleId: null,
  saved: [own],
  bundle: { secondVehiclePercent: 10, laterVehiclePercent: 20, minutesSavedPerExtraVehicle: 0 },
  maxVehicles: 3,
};

describe("resolveWizardVisit", () => {
  it("gives a vehicle with no job of its own the first's package and add-ons, priced for its size", () => {
    const r = resolveWizardVisit(cat, { ...base, more: [newVan()] });
    expect(r.errors).toEqual({});
    // wash + wax: small 2500 + 1500, van 3500 + 2000; the cheaper (small, 4000) gets 10% off.
    expect(r.visit.quote?.totalMinor).toBe(4000 + 5500 - 400 + 500);
    expect(r.vehicles).toEqual([
      { index: 0, saved: null, sizeName: "Van", serviceName: "WASH", addonNames: ["WAX"], sameAsFirst: true },
    ]);
  });

  it("prices a saved vehicle for its own size and a vehicle's own job without the first's add-ons", () => {
    const r = resolveWizardVisit(cat, {
      ...base,
      more: [newVan({ size: null, vehicle: "v1", service: "wash" })],
    });
    expect(r.errors).toEqual({});
    expect(r.vehicles[0]).toMatchObject({ saved: own, sizeName: "Van", addonNames: [], sameAsFirst: false });
    expect(r.visit.quote?.totalMinutes).toBe(40 + 20 + 60);
  });

  it.each([
    [
      "someone else's saved vehicle",
      [newVan({ size: null, vehicle: "v9" })],
      null,
      { "more.0.vehicle": NOT_YOURS },
    ],
    [
      "the first vehicle again",
      [newVan({ size: null, vehicle: "v1" })],
      "v1",
      { "more.0.vehicle": ALREADY_IN_VISIT },
    ],
    [
      "one saved vehicle twice",
      [newVan({ size: null, vehicle: "v1" }), newVan({ size: null, vehicle: "v1" })],
      null,
      { "more.1.vehicle": ALREADY_IN_VISIT },
    ],
    ["more than the business takes", [newVan(), newVan(), newVan()], null, { more: limitMessage(3) }],
  ])("refuses %s and leaves the visit unpriced", (_name, more, firstVehicleId, errors) => {
    const r = resolveWizardVisit(cat, { ...base, firstVehicleId, more });
    expect(r.moreErrors).toEqual(errors);
    expect(r.visit.quote).toBeNull();
  });

  it("reports a further vehicle's size or package problem under its position", () => {
    const r = resolveWizardVisit(cat, { ...base, more: [newVan({ service: "valet" })], bundle: NO_BUNDLE });
    expect(Object.keys(r.moreErrors)).toEqual(["more.0.size"]);
    expect(r.errors.service).toBeUndefined();
  });

  it("keeps the first vehicle's problems out of the further vehicles' step", () => {
    const r = resolveWizardVisit(cat, { ...base, first: { ...first, sizeId: "nope" }, more: [newVan()] });
    expect(r.errors.size).toBeDefined();
    expect(r.moreErrors).toEqual({});
  });
});

describe("repeatedRegistrations", () => {
  it("finds the same plate however it was typed, after its first appearance", () => {
    expect(repeatedRegistrations(["LB19 XKT", null, "lb19xkt", "FL22VAN", "fl22-van"])).toEqual([2, 4]);
    expect(repeatedRegistrations(["A1", "B2", undefined])).toEqual([]);
  });
});
