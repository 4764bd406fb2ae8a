import type { VisitMode } from "@/lib/enums";
import { matchZone, normaliseUkPostcode } from "@/lib/postcode";
import { type PriceCell, type Quote, type QuoteZone, quote } from "./quote";

// What a set of wizard choices means against the live catalogue: the package, the size, the add-ons,
// the zone and the price. The same function answers every wizard page and the booking commit, so the
// summary shown and the booking made can never disagree — and nothing a browser sends about prices,
// durations or fees is ever read.

export type CatalogueService = {
  id: string;
  slug: string;
  name: string;
  kind: "package" | "addon";
  categoryId: string;
  categoryName: string;
  shortDescription: string;
  /** The service's picture (an upload), shown on the first step; null: none. */
  imageUploadId?: string | null;
  /** For an add-on: the package categories it may join (empty = every category). */
  addonCategoryIds: string[];
  /** For a package: whether its work may go on after a break of the day (ADR 0054). */
  spansBreaks: boolean;
  /** For a package: how a visit over several days runs (ADR 0056). */
  multiDayMode?: VisitMode;
};

export type CatalogueSize = { id: string; name: string; description: string; examples: string };

export type CatalogueZone = QuoteZone & { id: string; postcodePrefixes: string[] };

/** Active services of active categories, active sizes, their price cells, active zones — in display order. */
export type BookingCatalogue = {
  services: CatalogueService[];
  sizes: CatalogueSize[];
  prices: ReadonlyMap<string, PriceCell>;
  zones: CatalogueZone[];
};

export const priceKey = (serviceId: string, sizeId: string) => `${serviceId}:${sizeId}`;

export function priceOf(cat: BookingCatalogue, serviceId: string, sizeId: string): PriceCell | undefined {
  return cat.prices.get(priceKey(serviceId, sizeId));
}

export type ChoiceField = "service" | "size" | "addons" | "postcode";
export type ChoiceErrors = Partial<Record<ChoiceField, string>>;

export type ChoiceInput = {
  service: string | null;
  sizeId: string | null;
  addons: readonly string[];
  postcode: string | null;
};

export type ResolvedChoices = {
  service: CatalogueService | null;
  size: CatalogueSize | null;
  /** The add-ons that are valid for this package and size (invalid ones are reported, not kept). */
  addons: CatalogueService[];
  postcode: string | null;
  zone: CatalogueZone | null;
  /**
   * Package + valid add-ons (+ travel once the zone is known). Null until a package and an offered
   * size are chosen.
   */
  quote: Quote | null;
  errors: ChoiceErrors;
};

const NO_TRAVEL: QuoteZone = { name: "", travelFeeMinor: 0, travelBufferMinutes: 0 };

/** Packages that can be booked for at least one size, grouped by category in catalogue order. */
export function bookablePackages(cat: BookingCatalogue) {
  const groups: { categoryId: string; categoryName: string; services: CatalogueService[] }[] = [];
  for (const s of cat.services) {
    if (s.kind !== "package" || !cat.sizes.some((z) => priceOf(cat, s.id, z.id))) continue;
    let group = groups.find((g) => g.categoryId === s.categoryId);
    if (!group) {
      group = { categoryId: s.categoryId, categoryName: s.categoryName, services: [] };
      groups.push(group);
    }
    group.services.push(s);
  }
  return groups;
}

/** Every active size, with this package's price and minutes (null = not offered for that size). */
export function sizeOptions(cat: BookingCatalogue, serviceId: string) {
  return cat.sizes.map((size) => ({ size, cell: priceOf(cat, serviceId, size.id) ?? null }));
}

export function isAddonAllowed(addon: CatalogueService, pkg: CatalogueService): boolean {
  return addon.addonCategoryIds.length === 0 || addon.addonCategoryIds.includes(pkg.categoryId);
}

/** The add-ons this package may take that are priced for this size. */
export function addonOptions(cat: BookingCatalogue, pkg: CatalogueService, sizeId: string) {
  return cat.services.flatMap((s) => {
    if (s.kind !== "addon" || !isAddonAllowed(s, pkg)) return [];
    const cell = priceOf(cat, s.id, sizeId);
    return cell ? [{ addon: s, cell }] : [];
  });
}

export function resolveChoices(cat: BookingCatalogue, input: ChoiceInput): ResolvedChoices {
  const errors: ChoiceErrors = {};
  const out: ResolvedChoices = {
    service: null,
    size: null,
    addons: [],
    postcode: null,
    zone: null,
    quote: null,
    errors,
  };

  if (!input.service) errors.service = "Choose a service.";
  else {
    const svc = cat.services.find((s) => s.slug === input.service && s.kind === "package");
    if (svc && cat.sizes.some((z) => priceOf(cat, svc.id, z.id))) out.service = svc;
    else errors.service = "That service isn't available to book online. Please choose another.";
  }

  if (!input.sizeId) errors.size = "Choose your vehicle's size.";
  else {
    const size = cat.sizes.find((z) => z.id === input.sizeId) ?? null;
    if (!size) errors.size = "Choose one of the sizes shown.";
    else if (out.service && !priceOf(cat, out.service.id, size.id))
      errors.size = `${out.service.name} isn't offered for ${size.name.toLowerCase()} vehicles. Choose another size or service.`;
    else out.size = size;
  }

  if (out.service && out.size) {
    const pkg = out.service;
    const sizeId = out.size.id;
    const refused: string[] = [];
    for (const slug of input.addons) {
      const addon = cat.services.find((s) => s.slug === slug && s.kind === "addon");
      if (addon && isAddonAllowed(addon, pkg) && priceOf(cat, addon.id, sizeId)) {
        if (!out.addons.includes(addon)) out.addons.push(addon);
      } else refused.push(addon?.name ?? slug);
    }
    if (refused.length)
      errors.addons = `${refused.join(", ")} can't be added to ${pkg.name} for this vehicle. Please review your add-ons.`;
  }

  if (!input.postcode) errors.postcode = "Enter the postcode where we'll do the work.";
  else {
    const postcode = normaliseUkPostcode(input.postcode);
    if (!postcode) errors.postcode = "Enter a full UK postcode, like SW9 8AB.";
    else {
      out.postcode = postcode;
      out.zone = matchZone(postcode, cat.zones);
      if (!out.zone)
        errors.postcode = `Sorry — we don't cover ${postcode} yet. Call us: we may still be able to help.`;
    }
  }

  if (out.service && out.size) {
    const result = quote({
      package: out.service,
      addons: out.addons.map((a) => ({ ...a, addonCategoryIds: a.addonCategoryIds })),
      vehicleSizeId: out.size.id,
      zone: out.zone ?? NO_TRAVEL,
      prices: (serviceId, sizeId) => priceOf(cat, serviceId, sizeId),
    });
    // The checks above mirror quote()'s, so it only fails here if they ever drift apart.
    if (result.ok) out.quote = result.quote;
    else errors.service = "That service isn't available to book online. Please choose another.";
  }
  return out;
}

/** Whether nothing stands in the way of pricing and scheduling the job. */
export type CompleteChoices = ResolvedChoices & {
  service: CatalogueService;
  size: CatalogueSize;
  postcode: string;
  zone: CatalogueZone;
  quote: Quote;
};

export function isComplete(r: ResolvedChoices): r is CompleteChoices {
  return (
    Boolean(r.service && r.size && r.postcode && r.zone && r.quote) && Object.keys(r.errors).length === 0
  );
}
