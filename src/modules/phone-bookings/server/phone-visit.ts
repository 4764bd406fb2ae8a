import "server-only";
import { normaliseRegistration } from "@/lib/registration";
import { saveVehicleForCustomer } from "@/modules/accounts/server";
import type { CatalogueSize } from "@/modules/pricing/domain/booking-choices";
import { findOwnedVehicle, type SavedVehicle } from "@/modules/bookings/server";
import { vehicleSnapshotOf } from "@/modules/wizard/server";
import type { DbOrTx, Tx } from "@/server/db";
import type { VehicleSnapshot } from "@/server/db/schema";
import type { FieldErrors } from "@/server/errors";
import type { PhoneBookingInput } from "../admin-phone-schemas";

// A phone booking's further vehicles (ADR 0050): each a saved vehicle of the customer's or one typed in
// (saved to their account with the booking, as the first is), each with the size its job was priced for.

type VehicleDetails = NonNullable<PhoneBookingInput["vehicle"]>;

export type MoreVehiclePlan = {
  saved: SavedVehicle | null;
  details: VehicleDetails | null;
  size: CatalogueSize;
};

/**
 * Checks the further vehicles before the transaction: the business's limit, each saved one the customer's,
 * each typed one complete, and no vehicle twice in the visit. Problems land under `more.<i>.<field>`.
 */
export async function planMoreVehicles(
  db: DbOrTx,
  input: PhoneBookingInput,
  c: {
    customerId: string | null;
    maxVehicles: number;
    /** The first vehicle's registration, when known (saved or typed). */
    firstRegistration: string | null;
    /** The sizes the visit was priced with, for vehicles 1, 2, … (null where it could not be). */
    sizes: readonly (CatalogueSize | null)[];
  },
  errors: FieldErrors,
): Promise<MoreVehiclePlan[]> {
  if (input.more.length === 0) return [];
  if (1 + input.more.length > c.maxVehicles)
    (errors.more ??= []).push(
      `One visit takes at most ${c.maxVehicles} vehicles: book the others as another visit.`,
    );
  const saved = await Promise.all(
    input.more.map((m) =>
      c.customerId && m.savedVehicleId ? findOwnedVehicle(db, c.customerId, m.savedVehicleId) : null,
    ),
  );
  const seen = new Set(c.firstRegistration ? [key(c.firstRegistration)] : []);
  const plans: MoreVehiclePlan[] = [];
  for (const [i, m] of input.more.entries()) {
    const at = `more.${i}.`;
    const own = saved[i] ?? null;
    if (m.savedVehicleId && !own)
      (errors[`${at}savedVehicleId`] ??= []).push("Choose one of the customer's vehicles.");
    const registration = own?.registration ?? m.vehicle?.registration ?? null;
    if (registration) {
      if (seen.has(key(registration)))
        (errors[own ? `${at}savedVehicleId` : `${at}registration`] ??= []).push(
          "This vehicle is already in the visit.",
        );
      seen.add(key(registration));
    }
    const size = c.sizes[i] ?? null;
    if (size && (own || m.vehicle)) plans.push({ saved: own, details: own ? null : m.vehicle, size });
  }
  return plans;
}

/** Saves the typed vehicles to the customer's account (in the booking's transaction) and snapshots all. */
export async function moreVehicleRecords(
  tx: Tx,
  ownerId: string,
  plans: readonly MoreVehiclePlan[],
): Promise<{ vehicleId: string | null; vehicleSnapshot: VehicleSnapshot }[]> {
  const out: { vehicleId: string | null; vehicleSnapshot: VehicleSnapshot }[] = [];
  for (const p of plans) {
    const source = p.saved ?? p.details;
    if (!source) continue;
    const vehicleId =
      p.saved?.id ?? (p.details ? await saveVehicleForCustomer(tx, ownerId, p.size.id, p.details) : null);
    out.push({ vehicleId, vehicleSnapshot: vehicleSnapshotOf(source, p.size.name) });
  }
  return out;
}

const key = (registration: string) => normaliseRegistration(registration).replace(/\s+/g, "");
