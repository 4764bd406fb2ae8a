import { randomBytes } from "node:crypto";
import { generateReference } from "@/lib/reference";
import { type BookingRecordInput, insertBookingRecord } from "@/modules/bookings/server";
import type { DbOrTx } from "@/server/db/client";
import type { bookings } from "@/server/db/schema";
import { payments, type AddressSnapshot, type VehicleSnapshot } from "@/server/db/schema";
import { isIn, WORK_STATUSES } from "@/lib/enums";

export type BookingItemInput = {
  kind: "package" | "addon" | "travel_fee" | "discount";
  name: string;
  priceMinor: number;
  minutes: number;
  serviceId?: string | null;
  /** The vehicle of the visit a package or add-on is for (0 = the booking's own; ADR 0050). */
  vehiclePosition?: number | null;
};

export const defaultVehicleSnapshot: VehicleSnapshot = {
  make: "Volkswagen",
  model: "Golf",
  year: 2019,
  colour: "Grey",
  registration: "LB19XKT",
  sizeName: "Medium",
};

export const defaultAddressSnapshot: AddressSnapshot = {
  label: "Home",
  line1: "1 Test Street",
  line2: null,
  town: "London",
  postcode: "SW9 8AB",
  accessNotes: null,
  hasWater: true,
  hasPower: true,
  hasCoveredSpace: false,
};

export type InsertBookingInput = Partial<typeof bookings.$inferInsert> & {
  customerId: string;
  teamId: string;
  startsAt: Date;
  items?: BookingItemInput[];
  paidMinor?: number;
  /** false: the caller holds the time itself (e.g. through reserve()). */
  withAllocation?: boolean;
  /** Earlier status changes for the timeline. */
  history?: BookingRecordInput["history"];
  /** A visit's further vehicles (ADR 0050). */
  moreVehicles?: BookingRecordInput["moreVehicles"];
};

/**
 * A booking with its line items, its allocation, a `created` event and (optionally) a payment. The
 * booking's rows are written by the bookings module (`insertBookingRecord`), the same way the wizard
 * writes them; only the demo payment is written here.
 */
export async function insertBooking(db: DbOrTx, input: InsertBookingInput) {
  const { items: itemsIn, paidMinor = 0, withAllocation = true, history, moreVehicles, ...overrides } = input;
  const items = itemsIn ?? [{ kind: "package" as const, name: "Full Valet", priceMinor: 8500, minutes: 180 }];
  const total = items.reduce((s, i) => s + i.priceMinor, 0);
  const minutes = items.reduce((s, i) => s + i.minutes, 0);
  const status = overrides.status ?? "confirmed";
  const endsAt = overrides.endsAt ?? new Date(input.startsAt.getTime() + minutes * 60_000);
  const booking = await insertBookingRecord(db, {
    values: {
      reference: generateReference(),
      accessToken: randomBytes(32).toString("base64url"),
      currency: "GBP",
      totalMinor: total,
      workMinutes: minutes,
      vehicleSnapshot: defaultVehicleSnapshot,
      addressSnapshot: defaultAddressSnapshot,
      confirmedAt: isIn(WORK_STATUSES, status) ? input.startsAt : null,
      ...overrides,
      status,
      endsAt,
      amountPaidMinor: paidMinor,
    },
    items,
    created: { actorId: overrides.customerId, ...(overrides.createdAt ? { at: overrides.createdAt } : {}) },
    withAllocation,
    history,
    moreVehicles,
  });
  if (paidMinor > 0) {
    await db.insert(payments).values({
      bookingId: booking.id,
      provider: "test",
      kind: paidMinor >= total ? "full" : "deposit",
      amountMinor: paidMinor,
      currency: booking.currency,
      status: "succeeded",
      providerReference: `seed_${booking.reference}`,
      settledAt: booking.createdAt,
    });
  }
  return booking;
}
