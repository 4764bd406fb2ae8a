import "server-only";
import type { CatalogueSize } from "@/modules/pricing/domain/booking-choices";
import { findOwnedVehicle } from "@/modules/bookings/server";
import { type MoreVehiclePlan } from "@/modules/wizard/server";
import { ALREADY_IN_VISIT, repeatedRegistrations } from "@/modules/wizard/domain/wizard-visit";
import type { DbOrTx } from "@/server/db";
import type { FieldErrors } from "@/server/errors";
import type { PhoneBookingInput } from "../admin-phone-schemas";

// A phone booking's further vehicles (ADR 0050): each a saved vehicle of the customer's or one typed in
// (saved to their account with the booking, as the first is), each with the size its job was priced for.

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
  // The same vehicle twice in one visit (position 0 is the first vehicle).
  const repeated = new Set(
    repeatedRegistrations([
      c.firstRegistration,
      ...input.more.map((m, i) => saved[i]?.registration ?? m.vehicle?.registration),
    ]),
  );
  const plans: MoreVehiclePlan[] = [];
  for (const [i, m] of input.more.entries()) {
    const at = `more.${i}.`;
    const own = saved[i] ?? null;
    if (m.savedVehicleId && !own)
      (errors[`${at}savedVehicleId`] ??= []).push("Choose one of the customer's vehicles.");
    if (repeated.has(i + 1))
      (errors[own ? `${at}savedVehicleId` : `${at}registration`] ??= []).push(ALREADY_IN_VISIT);
    const size = c.sizes[i] ?? null;
    if (size && (own || m.vehicle)) plans.push({ saved: own, details: own ? null : m.vehicle, size });
  }
  return plans;
}
