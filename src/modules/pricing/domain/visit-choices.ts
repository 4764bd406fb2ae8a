import { type BundleRule, quoteVisit, type VisitQuote } from "./visit-quote";
import {
  type BookingCatalogue,
  type ChoiceInput,
  priceOf,
  type ResolvedChoices,
  resolveChoices,
} from "./booking-choices";

// What a visit's choices mean against the live catalogue (ADR 0050): the first vehicle's job and the
// address as resolveChoices() reads them, each further vehicle's job the same way, and the whole visit
// priced by quoteVisit(). A further vehicle's problems are reported under `more.<i>.<field>`.

/** A further vehicle's job: its package, size and add-ons (the visit's postcode is the first's). */
export type MoreVehicleChoice = { service: string | null; sizeId: string | null; addons: readonly string[] };

export type ResolvedVisit = {
  first: ResolvedChoices;
  more: ResolvedChoices[];
  /** The first vehicle's and the address's errors under their names, a further vehicle's under `more.<i>.<field>`. */
  errors: Record<string, string>;
  /** Null until every vehicle has an offered package and size. */
  quote: VisitQuote | null;
};

const NO_TRAVEL = { name: "", travelFeeMinor: 0, travelBufferMinutes: 0 };

export function resolveVisit(
  cat: BookingCatalogue,
  input: { first: ChoiceInput; more: readonly MoreVehicleChoice[]; bundle: BundleRule },
): ResolvedVisit {
  const first = resolveChoices(cat, input.first);
  const errors: Record<string, string> = { ...first.errors };
  const more = input.more.map((m, i) => {
    const r = resolveChoices(cat, { ...m, postcode: input.first.postcode });
    for (const field of ["service", "size", "addons"] as const) {
      const message = r.errors[field];
      if (message) errors[`more.${i}.${field}`] = message;
    }
    return r;
  });
  const all = [first, ...more];
  const priced = all.every((r) => r.service && r.size);
  let quote: VisitQuote | null = null;
  if (priced) {
    const result = quoteVisit({
      vehicles: all.map((r) => ({
        package: r.service as NonNullable<ResolvedChoices["service"]>,
        addons: r.addons,
        vehicleSizeId: (r.size as NonNullable<ResolvedChoices["size"]>).id,
      })),
      zone: first.zone ?? NO_TRAVEL,
      prices: (serviceId, sizeId) => priceOf(cat, serviceId, sizeId),
      bundle: input.bundle,
    });
    // resolveChoices() checked what quoteVisit() checks, so it only refuses here if they ever drift apart.
    if (result.ok) quote = result.quote;
    else
      errors[result.vehicle ? `more.${result.vehicle - 1}.service` : "service"] =
        "That service isn't available to book. Please choose another.";
  }
  return { first, more, errors, quote };
}

/** The bundle rule of the business's settings. */
export function bundleRuleOf(s: {
  bundleSecondVehiclePercent: number;
  bundleLaterVehiclePercent: number;
  bundleMinutesSavedPerExtraVehicle: number;
}): BundleRule {
  return {
    secondVehiclePercent: s.bundleSecondVehiclePercent,
    laterVehiclePercent: s.bundleLaterVehiclePercent,
    minutesSavedPerExtraVehicle: s.bundleMinutesSavedPerExtraVehicle,
  };
}

/**
 * How a line is named where a visit has several vehicles: its vehicle's registration after the service
 * ("Exterior Wash — FL22VAN"), so a receipt, an email or a page tells two vans' washes apart. A visit of
 * one vehicle, and the visit's own lines (travel, the discount), keep their names.
 */
export function lineNameInVisit(
  line: { name: string; vehiclePosition: number | null },
  vehicles: readonly { registration: string }[],
): string {
  if (vehicles.length < 2 || line.vehiclePosition === null) return line.name;
  const v = vehicles[line.vehiclePosition];
  return v ? `${line.name} — ${v.registration}` : line.name;
}

/**
 * How a quote's line is named before the visit is booked, when the registrations may not be known yet:
 * "Vehicle 2: Exterior Wash" when the visit has several vehicles; a visit's own lines keep their names.
 */
export function quoteLineNameInVisit(
  line: { name: string; vehicle: number | null },
  vehicleCount: number,
): string {
  return vehicleCount > 1 && line.vehicle !== null ? `Vehicle ${line.vehicle + 1}: ${line.name}` : line.name;
}
