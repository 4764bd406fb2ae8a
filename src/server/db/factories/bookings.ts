import { randomBytes } from "node:crypto";
import { generateReference } from "@/lib/reference";
import type { AllocationStatus, BookingStatus } from "@/lib/enums";
import type { DbOrTx } from "../client";
import {
  allocations,
  bookingEvents,
  bookingItems,
  bookings,
  payments,
  type AddressSnapshot,
  type VehicleSnapshot,
} from "../schema";

export type BookingItemInput = {
  kind: "package" | "addon" | "travel_fee" | "discount";
  name: string;
  priceMinor: number;
  minutes: number;
  serviceId?: string | null;
};

/** The allocation status that mirrors a booking status (terminal bookings hold no time). */
export function allocationStatusFor(status: BookingStatus): AllocationStatus {
  switch (status) {
    case "pending_payment":
    case "awaiting_approval":
    case "confirmed":
    case "in_progress":
      return status;
    case "expired":
      return "expired";
    default:
      return "released";
  }
}

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
};

/** A booking with its line items, its allocation, a `created` event and (optionally) a payment. */
export async function insertBooking(db: DbOrTx, input: InsertBookingInput) {
  const { items: itemsIn, paidMinor = 0, withAllocation = true, ...overrides } = input;
  const items = itemsIn ?? [{ kind: "package" as const, name: "Full Valet", priceMinor: 8500, minutes: 180 }];
  const total = items.reduce((s, i) => s + i.priceMinor, 0);
  const minutes = items.reduce((s, i) => s + i.minutes, 0);
  const status = overrides.status ?? "confirmed";
  const endsAt = overrides.endsAt ?? new Date(input.startsAt.getTime() + minutes * 60_000);
  const [booking] = await db
    .insert(bookings)
    .values({
      reference: generateReference(),
      accessToken: randomBytes(32).toString("base64url"),
      currency: "GBP",
      totalMinor: total,
      vehicleSnapshot: defaultVehicleSnapshot,
      addressSnapshot: defaultAddressSnapshot,
      confirmedAt: ["confirmed", "in_progress", "completed"].includes(status) ? input.startsAt : null,
      ...overrides,
      status,
      endsAt,
      amountPaidMinor: paidMinor,
    })
    .returning();
  if (!booking) throw new Error("booking insert returned nothing");
  await db
    .insert(bookingItems)
    .values(items.map((it, position) => ({ ...it, bookingId: booking.id, position })));
  if (withAllocation)
    await db.insert(allocations).values({
      teamId: booking.teamId,
      during: { start: booking.startsAt, end: booking.endsAt },
      kind: "booking",
      status: allocationStatusFor(status),
      bookingId: booking.id,
      holdExpiresAt: booking.holdExpiresAt,
    });
  await db
    .insert(bookingEvents)
    .values({ bookingId: booking.id, type: "created", toValue: status, actorId: booking.customerId });
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
