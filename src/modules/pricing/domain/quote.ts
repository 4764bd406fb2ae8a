import type { VisitMode } from "@/lib/enums";
import type { PaymentMode } from "@/lib/enums";
import { percentOfCeil, percentOfFloor } from "@/lib/money";

// The price of a job, computed the same way everywhere (wizard summary, booking commit, admin phone
// booking): package + add-ons for the vehicle size + the zone's travel fee. Pure; the server loads the
// catalogue rows and calls it on every step.

export type QuoteService = {
  id: string;
  name: string;
  kind: "package" | "addon";
  categoryId: string;
  /** For an add-on: the package categories it may be added to (empty = every category). */
  addonCategoryIds?: readonly string[];
  /** For a package: whether its work may go on after a break of the day (default true — ADR 0054). */
  spansBreaks?: boolean;
  /** For a package: how a visit over several days runs (default mobile — ADR 0056). */
  multiDayMode?: VisitMode;
};

/** Price (minor units) and minutes per (service id, vehicle size id). Absent = not offered for that size. */
export type PriceCell = { priceMinor: number; durationMinutes: number };
export type PriceLookup = (serviceId: string, vehicleSizeId: string) => PriceCell | undefined;

export type QuoteZone = { name: string; travelFeeMinor: number; travelBufferMinutes: number };

export type QuoteInput = {
  package: QuoteService;
  addons: readonly QuoteService[];
  vehicleSizeId: string;
  /** The zone matched by the postcode; null = outside every zone. */
  zone: QuoteZone | null;
  prices: PriceLookup;
};

export type QuoteLine = {
  kind: "package" | "addon" | "travel_fee";
  serviceId: string | null;
  name: string;
  priceMinor: number;
  minutes: number;
};

export type Quote = {
  lines: QuoteLine[];
  totalMinor: number;
  /** Minutes of work (package + add-ons); the travel buffer is separate. */
  totalMinutes: number;
  travelBufferMinutes: number;
  /** Whether the work may go on after a break: when every package of the visit allows it. */
  spansBreaks: boolean;
  /** How the visit runs if it takes several days: the vehicle stays when any package says so. */
  visitMode: VisitMode;
};

/**
 * How a visit over several days runs (ADR 0056): the vehicle stays with the business when any of its
 * packages says so (it can't be both at the workshop and at home), else a mobile team comes back each day.
 */
export function visitModeOf(packages: readonly Pick<QuoteService, "multiDayMode">[]): VisitMode {
  return packages.some((p) => p.multiDayMode === "drop_off") ? "drop_off" : "mobile";
}

/** A visit may span a break of its day when every package in it may (ADR 0054). */
export function visitSpansBreaks(packages: readonly Pick<QuoteService, "spansBreaks">[]): boolean {
  return packages.every((p) => p.spansBreaks ?? true);
}

export type QuoteError =
  | { code: "NOT_A_PACKAGE"; serviceId: string }
  | { code: "PACKAGE_NOT_OFFERED"; serviceId: string }
  | { code: "NOT_AN_ADDON"; serviceId: string }
  | { code: "DUPLICATE_ADDON"; serviceId: string }
  | { code: "ADDON_NOT_ALLOWED"; serviceId: string }
  | { code: "ADDON_NOT_OFFERED"; serviceId: string }
  | { code: "OUTSIDE_AREA" };

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; error: QuoteError };

export type VehicleLinesResult = { ok: true; lines: QuoteLine[] } | { ok: false; error: QuoteError };

/**
 * One vehicle's work: its package and add-ons priced and timed for its size. The one place a package or
 * add-on is checked and priced — `quote()` (one vehicle) and `quoteVisit()` (several) both call it.
 */
export function vehicleLines(
  pkg: QuoteService,
  addons: readonly QuoteService[],
  vehicleSizeId: string,
  prices: PriceLookup,
): VehicleLinesResult {
  if (pkg.kind !== "package") return { ok: false, error: { code: "NOT_A_PACKAGE", serviceId: pkg.id } };
  const pkgCell = prices(pkg.id, vehicleSizeId);
  if (!pkgCell) return { ok: false, error: { code: "PACKAGE_NOT_OFFERED", serviceId: pkg.id } };
  const lines: QuoteLine[] = [
    {
      kind: "package",
      serviceId: pkg.id,
      name: pkg.name,
      priceMinor: pkgCell.priceMinor,
      minutes: pkgCell.durationMinutes,
    },
  ];
  const seen = new Set<string>();
  for (const addon of addons) {
    if (addon.kind !== "addon") return { ok: false, error: { code: "NOT_AN_ADDON", serviceId: addon.id } };
    if (seen.has(addon.id)) return { ok: false, error: { code: "DUPLICATE_ADDON", serviceId: addon.id } };
    seen.add(addon.id);
    const allowed = addon.addonCategoryIds ?? [];
    if (allowed.length > 0 && !allowed.includes(pkg.categoryId)) {
      return { ok: false, error: { code: "ADDON_NOT_ALLOWED", serviceId: addon.id } };
    }
    const cell = prices(addon.id, vehicleSizeId);
    if (!cell) return { ok: false, error: { code: "ADDON_NOT_OFFERED", serviceId: addon.id } };
    lines.push({
      kind: "addon",
      serviceId: addon.id,
      name: addon.name,
      priceMinor: cell.priceMinor,
      minutes: cell.durationMinutes,
    });
  }
  return { ok: true, lines };
}

/** The zone's travel fee as a line (none when the zone charges nothing). Once per visit. */
export function travelLine(zone: QuoteZone): QuoteLine | null {
  if (zone.travelFeeMinor <= 0) return null;
  return {
    kind: "travel_fee",
    serviceId: null,
    name: `Travel to ${zone.name}`,
    priceMinor: zone.travelFeeMinor,
    minutes: 0,
  };
}

export function quote(input: QuoteInput): QuoteResult {
  const work = vehicleLines(input.package, input.addons, input.vehicleSizeId, input.prices);
  if (!work.ok) return work;
  if (!input.zone) return { ok: false, error: { code: "OUTSIDE_AREA" } };
  const travel = travelLine(input.zone);
  const lines = travel ? [...work.lines, travel] : work.lines;
  return {
    ok: true,
    quote: {
      lines,
      totalMinor: lines.reduce((s, l) => s + l.priceMinor, 0),
      totalMinutes: lines.reduce((s, l) => s + l.minutes, 0),
      travelBufferMinutes: input.zone.travelBufferMinutes,
      spansBreaks: visitSpansBreaks([input.package]),
      visitMode: visitModeOf([input.package]),
    },
  };
}

/**
 * What is due online when booking (§5): all, a deposit of ceil(total × percent), or nothing — and nothing
 * for a business on account, which is invoiced instead (ADR 0051).
 */
export function amountDueNow(
  totalMinor: number,
  mode: PaymentMode,
  depositPercent: number,
  opts: { onAccount?: boolean } = {},
): number {
  if (opts.onAccount) return 0;
  if (mode === "full") return totalMinor;
  if (mode === "deposit") return Math.min(totalMinor, percentOfCeil(totalMinor, depositPercent));
  return 0;
}

/**
 * Late-cancellation fee (§5): total × percent, rounded down, never more than what was paid — the fee is
 * kept from the money paid. On account (ADR 0051), nothing is paid before the day, so the fee is invoiced:
 * the whole share, whatever was paid.
 */
export function lateCancellationFee(
  totalMinor: number,
  feePercent: number,
  paidMinor: number,
  opts: { onAccount?: boolean } = {},
): number {
  const share = percentOfFloor(totalMinor, feePercent);
  return Math.max(0, opts.onAccount ? share : Math.min(paidMinor, share));
}
