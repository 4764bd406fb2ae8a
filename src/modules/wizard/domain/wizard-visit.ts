import { normaliseRegistration } from "@/lib/registration";
import type { BookingCatalogue, ChoiceInput } from "@/modules/pricing/domain/booking-choices";
import { type BundleRule } from "@/modules/pricing/domain/visit-quote";
import { bundleRuleOf, type ResolvedVisit, resolveVisit } from "@/modules/pricing/domain/visit-choices";
import { jobOfMoreVehicle, type MoreVehicle, type WizardState } from "./wizard-state";

// The wizard's visit (ADR 0050): the first vehicle's choices and the further vehicles the URL holds, read
// against the catalogue by resolveVisit() and priced once by quoteVisit(), with what only the wizard knows —
// a further saved vehicle must be the customer's own and not already in the visit, and the business's limit
// on vehicles a visit. One definition for the page, the step that adds a vehicle and the booking's commit.

/** What the wizard needs of a saved vehicle. */
export type OwnVehicle = {
  id: string;
  vehicleSizeId: string;
  make: string;
  model: string;
  registration: string;
};

export type WizardVisitVehicle = {
  /** 0 for the first further vehicle (the visit's second). */
  index: number;
  saved: OwnVehicle | null;
  sizeName: string | null;
  serviceName: string | null;
  addonNames: string[];
  /** Follows the first vehicle's package and add-ons. */
  sameAsFirst: boolean;
};

export type WizardVisit = {
  visit: ResolvedVisit;
  vehicles: WizardVisitVehicle[];
  /** resolveVisit()'s, plus `more` (the limit) and `more.<i>.vehicle` (a saved vehicle that can't be used). */
  errors: Record<string, string>;
  /** Only the further vehicles' problems: the "more vehicles" step is valid when there are none. */
  moreErrors: Record<string, string>;
};

export const limitMessage = (max: number) =>
  `One visit takes at most ${max} vehicles: book the others as another visit.`;
export const NOT_YOURS = "Choose one of your vehicles.";
export const ALREADY_IN_VISIT = "This vehicle is already in the visit.";

export function resolveWizardVisit(
  cat: BookingCatalogue,
  input: {
    first: ChoiceInput;
    /** The first vehicle's saved id, when it is one. */
    firstVehicleId: string | null;
    more: readonly MoreVehicle[];
    /** The customer's saved vehicles (none for a guest). */
    saved: readonly OwnVehicle[];
    bundle: BundleRule;
    maxVehicles: number;
  },
): WizardVisit {
  const extra: Record<string, string> = {};
  if (1 + input.more.length > input.maxVehicles) extra.more = limitMessage(input.maxVehicles);
  const used = new Set(input.firstVehicleId ? [input.firstVehicleId] : []);
  const owned = input.more.map((m, i) => {
    if (!m.vehicle) return null;
    const own = input.saved.find((v) => v.id === m.vehicle) ?? null;
    if (!own) extra[`more.${i}.vehicle`] = NOT_YOURS;
    else if (used.has(own.id)) extra[`more.${i}.vehicle`] = ALREADY_IN_VISIT;
    used.add(m.vehicle);
    return own;
  });
  const visit = resolveVisit(cat, {
    first: input.first,
    more: input.more.map((m, i) => ({
      ...jobOfMoreVehicle({ service: input.first.service, addons: input.first.addons }, m),
      sizeId: owned[i]?.vehicleSizeId ?? m.size,
    })),
    bundle: input.bundle,
  });
  const errors = { ...visit.errors, ...extra };
  // A saved vehicle that can't be used has no size to complain about.
  for (const i of input.more.keys()) if (extra[`more.${i}.vehicle`]) delete errors[`more.${i}.size`];
  const moreErrors = Object.fromEntries(Object.entries(errors).filter(([k]) => /^more(\.|$)/.test(k)));
  const vehicles = visit.more.map((r, i) => ({
    index: i,
    saved: owned[i] ?? null,
    sizeName: r.size?.name ?? null,
    serviceName: r.service?.name ?? null,
    addonNames: r.addons.map((a) => a.name),
    sameAsFirst: !input.more[i]?.service,
  }));
  // A further vehicle can only be priced once it is usable: its problems keep the visit unpriced.
  const quote = Object.keys(moreErrors).length ? null : visit.quote;
  return { visit: { ...visit, quote }, vehicles, errors, moreErrors };
}

/**
 * The positions (0 = the first vehicle) of vehicles whose registration an earlier one in the visit already
 * has: the same car twice in one visit is a mistake, whichever way it was entered.
 */
export function repeatedRegistrations(registrations: readonly (string | null | undefined)[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  for (const [i, r] of registrations.entries()) {
    if (!r) continue;
    const key = normaliseRegistration(r);
    if (seen.has(key)) out.push(i);
    seen.add(key);
  }
  return out;
}

/**
 * The visit a wizard URL describes (its state), for a customer whose saved vehicle and address it may
 * name: the saved vehicle's size and the saved address's postcode stand in for the typed ones. One reading
 * for the wizard's page and a request for a time made from it.
 */
export function wizardStateVisit(
  cat: BookingCatalogue,
  state: Pick<WizardState, "service" | "size" | "addons" | "postcode" | "more">,
  c: {
    saved: readonly OwnVehicle[];
    savedVehicle: OwnVehicle | null;
    savedAddress: { postcode: string } | null;
    settings: Parameters<typeof bundleRuleOf>[0] & { maxVehiclesPerBooking: number };
  },
): WizardVisit {
  return resolveWizardVisit(cat, {
    first: {
      service: state.service,
      sizeId: c.savedVehicle?.vehicleSizeId ?? state.size,
      addons: state.addons ?? [],
      postcode: c.savedAddress?.postcode ?? state.postcode,
    },
    firstVehicleId: c.savedVehicle?.id ?? null,
    more: state.more,
    saved: c.saved,
    bundle: bundleRuleOf(c.settings),
    maxVehicles: c.settings.maxVehiclesPerBooking,
  });
}
