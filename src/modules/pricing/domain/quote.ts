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
};

export type QuoteError =
  | { code: "NOT_A_PACKAGE"; serviceId: string }
  | { code: "PACKAGE_NOT_OFFERED"; serviceId: string }
  | { code: "NOT_AN_ADDON"; serviceId: string }
  | { code: "DUPLICATE_ADDON"; serviceId: string }
  | { code: "ADDON_NOT_ALLOWED"; serviceId: string }
  | { code: "ADDON_NOT_OFFERED"; serviceId: string }
  | { code: "OUTSIDE_AREA" };

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; error: QuoteError };

export function quote(input: QuoteInput): QuoteResult {
  const pkg = input.package;
  if (pkg.kind !== "package") return { ok: false, error: { code: "NOT_A_PACKAGE", serviceId: pkg.id } };
  const pkgCell = input.prices(pkg.id, input.vehicleSizeId);
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
  for (const addon of input.addons) {
    if (addon.kind !== "addon") return { ok: false, error: { code: "NOT_AN_ADDON", serviceId: addon.id } };
    if (seen.has(addon.id)) return { ok: false, error: { code: "DUPLICATE_ADDON", serviceId: addon.id } };
    seen.add(addon.id);
    const allowed = addon.addonCategoryIds ?? [];
    if (allowed.length > 0 && !allowed.includes(pkg.categoryId)) {
      return { ok: false, error: { code: "ADDON_NOT_ALLOWED", serviceId: addon.id } };
    }
    const cell = input.prices(addon.id, input.vehicleSizeId);
    if (!cell) return { ok: false, error: { code: "ADDON_NOT_OFFERED", serviceId: addon.id } };
    lines.push({
      kind: "addon",
      serviceId: addon.id,
      name: addon.name,
      priceMinor: cell.priceMinor,
      minutes: cell.durationMinutes,
    });
  }
  if (!input.zone) return { ok: false, error: { code: "OUTSIDE_AREA" } };
  if (input.zone.travelFeeMinor > 0) {
    lines.push({
      kind: "travel_fee",
      serviceId: null,
      name: `Travel to ${input.zone.name}`,
      priceMinor: input.zone.travelFeeMinor,
      minutes: 0,
    });
  }
  return {
    ok: true,
    quote: {
      lines,
      totalMinor: lines.reduce((s, l) => s + l.priceMinor, 0),
      totalMinutes: lines.reduce((s, l) => s + l.minutes, 0),
      travelBufferMinutes: input.zone.travelBufferMinutes,
    },
  };
}

/** What is due online when booking (§5): all, a deposit of ceil(total × percent), or nothing. */
export function amountDueNow(totalMinor: number, mode: PaymentMode, depositPercent: number): number {
  if (mode === "full") return totalMinor;
  if (mode === "deposit") return Math.min(totalMinor, percentOfCeil(totalMinor, depositPercent));
  return 0;
}

/** Late-cancellation fee (§5): total × percent, rounded down, never more than what was paid. */
export function lateCancellationFee(totalMinor: number, feePercent: number, paidMinor: number): number {
  return Math.max(0, Math.min(paidMinor, percentOfFloor(totalMinor, feePercent)));
}
