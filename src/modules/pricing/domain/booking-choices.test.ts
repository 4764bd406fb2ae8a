import { describe, expect, it } from "vitest";
import { catalogueService as svc } from "@tests/support/catalogue";
import {
  addonOptions,
  bookablePackages,
  type BookingCatalogue,
  type CatalogueService,
  isComplete,
  priceKey,
  resolveChoices,
  sizeOptions,
} from "./booking-choices";

const cat: BookingCatalogue = {
  services: [
    svc({ id: "p1", slug: "full-valet", kind: "package", name: "Full Valet" }),
    svc({ id: "p2", slug: "wash", kind: "package", name: "Wash", categoryId: "wash", categoryName: "Wash" }),
    svc({ id: "p3", slug: "unpriced", kind: "package", name: "Unpriced" }),
    svc({ id: "a1", slug: "pet-hair", kind: "addon", name: "Pet Hair" }),
    svc({ id: "a2", slug: "wheel-wax", kind: "addon", name: "Wheel Wax", addonCategoryIds: ["wash"] }),
    svc({ id: "a3", slug: "leather", kind: "addon", name: "Leather" }),
  ],
  sizes: [
    { id: "s", name: "Small", description: "", examples: "Fiesta" },
    { id: "m", name: "Medium", description: "", examples: "Golf" },
    { id: "l", name: "Large", description: "", examples: "X5" },
  ],
  prices: new Map([
    [priceKey("p1", "s"), { priceMinor: 8500, durationMinutes: 180 }],
    [priceKey("p1", "m"), { priceMinor: 9500, durationMinutes: 195 }],
    [priceKey("p2", "m"), { priceMinor: 3000, durationMinutes: 45 }],
    [priceKey("a1", "m"), { priceMinor: 2000, durationMinutes: 30 }],
    [priceKey("a2", "m"), { priceMinor: 1000, durationMinutes: 15 }],
    [priceKey("a3", "s"), { priceMinor: 3000, durationMinutes: 30 }],
  ]),
  zones: [
    { id: "z1", name: "Brixton", postcodePrefixes: ["SW9"], travelFeeMinor: 0, travelBufferMinutes: 0 },
    { id: "z2", name: "Greenwich", postcodePrefixes: ["SE10"], travelFeeMinor: 750, travelBufferMinutes: 15 },
  ],
};

describe("resolveChoices", () => {
  it("prices a complete choice: package + add-ons + travel", () => {
    const r = resolveChoices(cat, {
      service: "full-valet",
      sizeId: "m",
      addons: ["pet-hair"],
      postcode: "se109nf",
    });
    expect(r.errors).toEqual({});
    expect(isComplete(r)).toBe(true);
    expect(r.postcode).toBe("SE10 9NF");
    expect(r.quote).toEqual({
      lines: [
        { kind: "package", serviceId: "p1", name: "Full Valet", priceMinor: 9500, minutes: 195 },
        { kind: "addon", serviceId: "a1", name: "Pet Hair", priceMinor: 2000, minutes: 30 },
        { kind: "travel_fee", serviceId: null, name: "Travel to Greenwich", priceMinor: 750, minutes: 0 },
      ],
      totalMinor: 12250,
      totalMinutes: 225,
      travelBufferMinutes: 15,
      spansBreaks: true,
      visitMode: "mobile",
    });
  });

  it("prices what is known before the postcode, without travel", () => {
    const r = resolveChoices(cat, { service: "full-valet", sizeId: "s", addons: [], postcode: null });
    expect(r.quote?.totalMinor).toBe(8500);
    expect(r.errors).toEqual({ postcode: "Enter the postcode where we'll do the work." });
    expect(isComplete(r)).toBe(false);
  });

  it.each([
    [{ service: null }, "service", "Choose a service."],
    [
      { service: "pet-hair" },
      "service",
      "That service isn't available to book online. Please choose another.",
    ],
    [
      { service: "unpriced" },
      "service",
      "That service isn't available to book online. Please choose another.",
    ],
    [{ sizeId: null }, "size", "Choose your vehicle's size."],
    [{ sizeId: "xl" }, "size", "Choose one of the sizes shown."],
    [{ sizeId: "l" }, "size", "Full Valet isn't offered for large vehicles. Choose another size or service."],
    [
      { addons: ["wheel-wax", "leather", "nope"] },
      "addons",
      "Wheel Wax, Leather, nope can't be added to Full Valet for this vehicle. Please review your add-ons.",
    ],
    [{ addons: ["full-valet"] }, "addons", expect.stringContaining("full-valet can't be added")],
    [{ postcode: "nonsense" }, "postcode", "Enter a full UK postcode, like SW9 8AB."],
    [
      { postcode: "N1 9GU" },
      "postcode",
      "Sorry — we don't cover N1 9GU yet. Call us: we may still be able to help.",
    ],
  ] as const)("%o → %s error", (patch, field, message) => {
    const r = resolveChoices(cat, {
      service: "full-valet",
      sizeId: "m",
      addons: [],
      postcode: "SW9 8AB",
      ...patch,
    });
    expect(r.errors[field]).toEqual(message);
    expect(isComplete(r)).toBe(false);
  });

  it("keeps the valid add-ons and prices without the refused ones", () => {
    const r = resolveChoices(cat, {
      service: "full-valet",
      sizeId: "m",
      addons: ["pet-hair", "wheel-wax", "pet-hair"],
      postcode: "SW9 8AB",
    });
    expect(r.addons.map((a) => a.slug)).toEqual(["pet-hair"]);
    expect(r.quote?.totalMinor).toBe(11500);
  });
});

describe("options", () => {
  it("lists bookable packages by category", () => {
    expect(bookablePackages(cat).map((g) => [g.categoryName, g.services.map((s) => s.slug)])).toEqual([
      ["Valet", ["full-valet"]],
      ["Wash", ["wash"]],
    ]);
  });

  it("shows every size, with null where the package is not offered", () => {
    expect(sizeOptions(cat, "p1").map((o) => [o.size.id, o.cell?.priceMinor ?? null])).toEqual([
      ["s", 8500],
      ["m", 9500],
      ["l", null],
    ]);
  });

  it("offers the add-ons allowed for the package's category and priced for the size", () => {
    const pkg = cat.services[0] as CatalogueService;
    const wash = cat.services[1] as CatalogueService;
    expect(addonOptions(cat, pkg, "m").map((o) => o.addon.slug)).toEqual(["pet-hair"]);
    expect(addonOptions(cat, pkg, "s").map((o) => o.addon.slug)).toEqual(["leather"]);
    expect(addonOptions(cat, wash, "m").map((o) => o.addon.slug)).toEqual(["pet-hair", "wheel-wax"]);
  });
});
