import "server-only";
import { jobOfQuote, type JobShape } from "@/modules/availability/server";
import { listSaved, loadBookingCatalogue, type SavedVehicle } from "@/modules/bookings/server";
import type { AddressDetails, VehicleDetails } from "@/modules/wizard/book-schemas";
import { wizardStateVisit } from "@/modules/wizard/domain/wizard-visit";
import {
  jobOfMoreVehicle,
  parseWizardState,
  type SearchParams,
  type WizardState,
} from "@/modules/wizard/domain/wizard-state";
import { isComplete } from "@/modules/pricing/domain/booking-choices";
import { quoteLineNameInVisit } from "@/modules/pricing/domain/visit-choices";
import type { Settings } from "@/modules/settings/server";
import type { DbOrTx } from "@/server/db";
import type { TimeRequestVisit } from "@/server/db/schema";

// The visit a request is for, read from the wizard's choices exactly as the wizard reads them
// (wizardStateVisit over the live catalogue, the customer's own saved vehicles and addresses): its price as
// the customer saw it, the job the slot engine looks for (jobOfQuote, as the date step), and — for a vehicle
// or an address typed in the wizard, which only the browser tab kept — the details sent with the request.

export const VISIT_CHANGED =
  "This visit can't be booked as it is any more. Go back to the booking page and check it.";
export const DETAILS_LOST =
  "Your vehicle and address details weren't kept in this browser tab. Go back to the booking page and enter them again.";

/** The wizard's choices as its address bar holds them ("service=…&size=…&run=…"). */
export function wizardStateOf(query: string): WizardState {
  const params: SearchParams = {};
  for (const [key, value] of new URLSearchParams(query.replace(/^\?/, ""))) {
    const had = params[key];
    params[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return parseWizardState(params);
}

const vehicleLabel = (v: Pick<SavedVehicle, "make" | "model" | "registration">) =>
  `${v.make} ${v.model} (${v.registration})`;

export type AskedVisit = {
  visit: TimeRequestVisit;
  job: JobShape;
};

/**
 * The visit priced, or what is wrong with it: `visit` (the choices no longer make a bookable visit) or
 * `details` (a typed vehicle or address this tab no longer holds). Typed details are optional here so the
 * ask page can show the visit before the form sends them.
 */
export async function resolveAskedVisit(
  db: DbOrTx,
  c: { customerId: string; settings: Settings; state: WizardState },
  typed: {
    vehicle?: VehicleDetails | null;
    more?: (VehicleDetails | null)[];
    address?: AddressDetails | null;
  },
  { needDetails = true }: { needDetails?: boolean } = {},
): Promise<{ ok: true; asked: AskedVisit } | { ok: false; field: "visit" | "details"; message: string }> {
  const { state, settings } = c;
  const [catalogue, saved] = await Promise.all([loadBookingCatalogue(db), listSaved(db, c.customerId)]);
  const savedVehicle = state.vehicle ? (saved.vehicles.find((v) => v.id === state.vehicle) ?? null) : null;
  const savedAddress = state.address ? (saved.addresses.find((a) => a.id === state.address) ?? null) : null;
  const wv = wizardStateVisit(catalogue, state, {
    saved: saved.vehicles,
    savedVehicle,
    savedAddress,
    settings,
  });
  const first = wv.visit.first;
  const quote = wv.visit.quote;
  const refused = (state.vehicle && !savedVehicle) || (state.address && !savedAddress);
  if (!isComplete(first) || !quote || Object.keys(wv.moreErrors).length > 0 || refused)
    return { ok: false, field: "visit", message: VISIT_CHANGED };

  const vehicle = savedVehicle ? null : (typed.vehicle ?? null);
  const address = savedAddress ? null : (typed.address ?? null);
  const moreTyped = state.more.map((m, i) => (m.vehicle ? null : (typed.more?.[i] ?? null)));
  const missing =
    (!savedVehicle && !vehicle) ||
    (!savedAddress && !address) ||
    state.more.some((m, i) => !m.vehicle && !moreTyped[i]);
  if (needDetails && missing) return { ok: false, field: "details", message: DETAILS_LOST };

  const firstVehicle = savedVehicle ?? vehicle;
  const labels = [
    firstVehicle ? vehicleLabel(firstVehicle) : `${first.size.name} vehicle`,
    ...wv.vehicles.map((v, i) => {
      const own = v.saved ?? moreTyped[i];
      return own ? vehicleLabel(own) : `${v.sizeName ?? "Another"} vehicle`;
    }),
  ];
  const place = savedAddress ?? address;
  const postcode = first.postcode;
  return {
    ok: true,
    asked: {
      visit: {
        service: first.service.slug,
        size: first.size.id,
        addons: first.addons.map((a) => a.slug),
        savedVehicleId: savedVehicle?.id ?? null,
        vehicle: vehicle ? { ...vehicle, colour: vehicle.colour ?? null } : null,
        more: state.more.map((m, i) => {
          const job = jobOfMoreVehicle({ service: state.service, addons: state.addons }, m);
          const typedMore = moreTyped[i];
          return {
            savedVehicleId: m.vehicle,
            vehicle: typedMore ? { ...typedMore, colour: typedMore.colour ?? null } : null,
            service: job.service ?? first.service.slug,
            size: wv.visit.more[i]?.size?.id ?? m.size ?? "",
            addons: job.addons,
          };
        }),
        savedAddressId: savedAddress?.id ?? null,
        address: address
          ? {
              label: address.label ?? null,
              line1: address.line1,
              line2: address.line2 ?? null,
              town: address.town,
              accessNotes: address.accessNotes ?? null,
              hasWater: address.hasWater,
              hasPower: address.hasPower,
              hasCoveredSpace: address.hasCoveredSpace,
            }
          : null,
        postcode,
        serviceName: first.service.name,
        vehicleLabel:
          labels.length > 1 ? `${labels.length} vehicles: ${labels.join(", ")}` : (labels[0] ?? ""),
        addressLine: place ? `${place.line1}, ${place.town}, ${postcode}` : postcode,
        lines: quote.lines.map((l) => ({
          name: quoteLineNameInVisit(l, quote.vehicles.length),
          priceMinor: l.priceMinor,
        })),
        totalMinor: quote.totalMinor,
        currency: settings.currency,
      },
      job: jobOfQuote({ ...quote, travelBufferMinutes: first.zone.travelBufferMinutes }),
    },
  };
}
