import "server-only";
import { localDateOf } from "@/lib/dates";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type DbOrTx, getDb } from "@/server/db";
import { wizardHref } from "../domain/wizard-state";
import { bookingChoices, findBooking, latestBookingOf } from "@/modules/bookings/server";

// "Your held time ran out — choose a time again": a link back into the wizard's date step with the
// same choices (package, add-ons, vehicle or size, address or postcode), explaining why. For the pages
// that meet an expired hold at payment time (payment cancelled / complete). It carries the old run id,
// so the tab that made the booking keeps the details it typed; the wizard starts a new run from it.

export async function rebookHref(
  db: DbOrTx,
  bookingId: string,
  /**
   * The booking's owner is signed in: their saved vehicle and address are chosen. Anyone else (a guest
   * holding the booking's link) gets its size and postcode — a saved entry's id means nothing to them.
   */
  { ownerSignedIn = false }: { ownerSignedIn?: boolean } = {},
): Promise<string | null> {
  const b = await findBooking(db, bookingId);
  if (!b) return null;
  const [choices, settings] = await Promise.all([
    bookingChoices(db, b, { saved: ownerSignedIn }),
    getSettingsOrThrow(db),
  ]);
  const run = b.idempotencyKey?.startsWith("online:") ? b.idempotencyKey.slice("online:".length) : null;
  return wizardHref(
    { ...choices, date: localDateOf(b.startsAt, settings.timeZone), run },
    { step: "time", notice: "expired" },
  );
}

/**
 * "Book again" on the customer's overview: the wizard with their latest booking's service, add-ons,
 * vehicle and address chosen (a deleted saved vehicle or address falls back to the size and postcode),
 * opening at the first step still to answer — the time. Null before their first booking.
 */
export async function bookAgainHref(db: DbOrTx, customerId: string): Promise<string | null> {
  const b = await latestBookingOf(db, customerId);
  if (!b) return null;
  return wizardHref(await bookingChoices(db, b));
}

export const loadBookAgainHref = async (customerId: string) => bookAgainHref(await getDb(), customerId);
