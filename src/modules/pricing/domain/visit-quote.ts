import type { VisitMode } from "@/lib/enums";
import { percentOfFloor } from "@/lib/money";
import {
  type PriceLookup,
  type QuoteError,
  type QuoteLine,
  type QuoteService,
  visitModeOf,
  visitSpansBreaks,
  type QuoteZone,
  travelLine,
  vehicleLines,
} from "./quote";

// The price of one visit for several vehicles (issue 31): each vehicle's package and add-ons for its own
// size, the zone's travel fee once, and the business's bundle rule as a line of its own. Pure; the wizard,
// the phone booking and the booking commit all call it, so the summary shown is the booking made.
//
// The bundle rule (ADR 0050): the vehicles are ranked by the price of their work, dearest first; the
// second pays `secondVehiclePercent` less, the third and later `laterVehiclePercent` less (each discount
// rounded down to the penny, never in the customer's disfavour by more than a penny per vehicle). Ranking
// by price makes the discount fall on the cheaper vehicles, as a "second car" offer reads, and makes the
// total independent of the order the customer listed them in. Setting up once saves
// `minutesSavedPerExtraVehicle` per vehicle after the first, never bringing the visit below its longest
// single vehicle's work.

export type BundleRule = {
  /** Percent off the second vehicle's work (0–100). */
  secondVehiclePercent: number;
  /** Percent off the work of each vehicle from the third on (0–100). */
  laterVehiclePercent: number;
  /** Minutes saved for each vehicle after the first (setting up once). */
  minutesSavedPerExtraVehicle: number;
};

export const NO_BUNDLE: BundleRule = {
  secondVehiclePercent: 0,
  laterVehiclePercent: 0,
  minutesSavedPerExtraVehicle: 0,
};

export type VisitVehicle = {
  package: QuoteService;
  addons: readonly QuoteService[];
  vehicleSizeId: string;
};

export type VisitQuoteInput = {
  vehicles: readonly VisitVehicle[];
  /** The zone matched by the postcode; null = outside every zone. */
  zone: QuoteZone | null;
  prices: PriceLookup;
  bundle: BundleRule;
};

/** A line of the visit: `vehicle` is the vehicle's position (0-based) for its work, null for the visit's. */
export type VisitLine = Omit<QuoteLine, "kind"> & {
  kind: QuoteLine["kind"] | "discount";
  vehicle: number | null;
};

export type VisitVehicleTotals = {
  /** Package + add-ons, before the bundle discount. */
  subtotalMinor: number;
  minutes: number;
  /** What the bundle rule takes off this vehicle's work (0 for the dearest). */
  discountMinor: number;
};

export type VisitQuote = {
  lines: VisitLine[];
  vehicles: VisitVehicleTotals[];
  totalMinor: number;
  /** Minutes of work for the whole visit, setting-up savings taken off; the travel buffer is separate. */
  totalMinutes: number;
  travelBufferMinutes: number;
  /** Whether the work may go on after a break: when every package of the visit allows it. */
  spansBreaks: boolean;
  /** How the visit runs if it takes several days (ADR 0056). */
  visitMode: VisitMode;
};

export type VisitQuoteError = QuoteError | { code: "NO_VEHICLES" };

export type VisitQuoteResult =
  { ok: true; quote: VisitQuote } | { ok: false; error: VisitQuoteError; vehicle: number | null };

/** The percent the bundle rule takes off the vehicle at this rank (0 = the dearest). */
export function bundlePercent(rule: BundleRule, rank: number): number {
  if (rank === 0) return 0;
  return rank === 1 ? rule.secondVehiclePercent : rule.laterVehiclePercent;
}

/**
 * The bundle line's wording, as it is applied (ADR 0050: vehicles ranked by the price of their work, the
 * dearest at full price): "2 vehicles: 10% off the cheaper one", "3 vehicles: 10% off the second dearest,
 * 15% off the cheapest", "4 vehicles: 10% off the second dearest, 15% off each cheaper one".
 */
export function bundleLineName(rule: BundleRule, count: number, minutesSaved: number): string {
  const parts: string[] = [];
  if (rule.secondVehiclePercent > 0) {
    parts.push(`${rule.secondVehiclePercent}% off ${count === 2 ? "the cheaper one" : "the second dearest"}`);
  }
  if (count > 2 && rule.laterVehiclePercent > 0) {
    parts.push(`${rule.laterVehiclePercent}% off ${count === 3 ? "the cheapest" : "each cheaper one"}`);
  }
  if (minutesSaved > 0) parts.push(`${minutesSaved} min saved setting up once`);
  return `${count} vehicles: ${parts.join(", ")}`;
}

/**
 * The several-vehicles offer as the business advertises it (home page, service cards, booking policies,
 * the wizard's "Add a vehicle"), or null when it has none or takes one vehicle per visit. Says what
 * bundleLineName applies: the dearest vehicle's work is full price.
 */
export function bundleOfferText(rule: BundleRule, maxVehicles: number): string | null {
  if (maxVehicles < 2) return null;
  const second = rule.secondVehiclePercent;
  const later = maxVehicles > 2 ? rule.laterVehiclePercent : 0;
  if (second <= 0 && later <= 0) return null;
  const rest = later > 0 ? `, and ${later}% off each one after that` : "";
  if (second <= 0) return `Three or more vehicles in one visit: ${later}% off the third and each one after.`;
  return `More than one vehicle in one visit: the dearest is full price, ${second}% off the next${rest}.`;
}

/** The offer in a few words for a service card ("Several vehicles, one visit: up to 15% off"), or null. */
export function bundleOfferShort(rule: BundleRule, maxVehicles: number): string | null {
  if (bundleOfferText(rule, maxVehicles) === null) return null;
  const best = Math.max(rule.secondVehiclePercent, maxVehicles > 2 ? rule.laterVehiclePercent : 0);
  return `Several vehicles, one visit: up to ${best}% off`;
}

export function quoteVisit(input: VisitQuoteInput): VisitQuoteResult {
  if (input.vehicles.length === 0) return { ok: false, error: { code: "NO_VEHICLES" }, vehicle: null };
  const work: VisitLine[][] = [];
  for (const [i, v] of input.vehicles.entries()) {
    const r = vehicleLines(v.package, v.addons, v.vehicleSizeId, input.prices);
    if (!r.ok) return { ok: false, error: r.error, vehicle: i };
    work.push(r.lines.map((l) => ({ ...l, vehicle: i })));
  }
  if (!input.zone) return { ok: false, error: { code: "OUTSIDE_AREA" }, vehicle: null };

  const totals: VisitVehicleTotals[] = work.map((lines) => ({
    subtotalMinor: lines.reduce((s, l) => s + l.priceMinor, 0),
    minutes: lines.reduce((s, l) => s + l.minutes, 0),
    discountMinor: 0,
  }));
  // Dearest first; equal prices keep the customer's order.
  const ranked = totals
    .map((t, i) => ({ t, i }))
    .sort((a, b) => b.t.subtotalMinor - a.t.subtotalMinor || a.i - b.i);
  for (const [rank, { t }] of ranked.entries()) {
    t.discountMinor = percentOfFloor(t.subtotalMinor, bundlePercent(input.bundle, rank));
  }
  const workMinutes = totals.reduce((s, t) => s + t.minutes, 0);
  const longest = Math.max(...totals.map((t) => t.minutes));
  const minutesSaved = Math.min(
    input.bundle.minutesSavedPerExtraVehicle * (totals.length - 1),
    workMinutes - longest,
  );
  const discount = totals.reduce((s, t) => s + t.discountMinor, 0);

  const lines: VisitLine[] = work.flat();
  if (discount > 0 || minutesSaved > 0) {
    lines.push({
      kind: "discount",
      serviceId: null,
      name: bundleLineName(input.bundle, totals.length, minutesSaved),
      priceMinor: -discount,
      minutes: -minutesSaved,
      vehicle: null,
    });
  }
  const travel = travelLine(input.zone);
  if (travel) lines.push({ ...travel, vehicle: null });
  return {
    ok: true,
    quote: {
      lines,
      vehicles: totals,
      totalMinor: lines.reduce((s, l) => s + l.priceMinor, 0),
      totalMinutes: lines.reduce((s, l) => s + l.minutes, 0),
      travelBufferMinutes: input.zone.travelBufferMinutes,
      spansBreaks: visitSpansBreaks(input.vehicles.map((v) => v.package)),
      visitMode: visitModeOf(input.vehicles.map((v) => v.package)),
    },
  };
}
