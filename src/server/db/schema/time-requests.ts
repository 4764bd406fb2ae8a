import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bookings } from "./bookings";
import { createdAt, id, instant, updatedAt } from "./columns";

// A customer's request for a time (issue 40 §3, ADR 0057): a visit that fits no day they can book online,
// the days that suit them, and — once the business proposes a time — the booking that holds it.

/** A vehicle or address typed in the wizard (not one of the customer's saved ones), kept until the proposal. */
type TypedVehicle = { make: string; model: string; registration: string; colour: string | null };
type TypedAddress = {
  label: string | null;
  line1: string;
  line2: string | null;
  town: string;
  accessNotes: string | null;
  /** Yes, no, or null: not answered (issue 41 §4). Older snapshots hold true/false only. */
  hasWater: boolean | null;
  hasPower: boolean | null;
  hasCoveredSpace: boolean | null;
};

/**
 * The visit as the wizard priced it: its choices (what the proposal's booking is made from, through the
 * phone-booking path) and what the customer was shown (names, lines, total), for the pages and emails.
 */
export type TimeRequestVisit = {
  service: string;
  size: string;
  addons: string[];
  savedVehicleId: string | null;
  vehicle: TypedVehicle | null;
  more: {
    savedVehicleId: string | null;
    vehicle: TypedVehicle | null;
    service: string;
    size: string;
    addons: string[];
  }[];
  savedAddressId: string | null;
  address: TypedAddress | null;
  postcode: string;
  serviceName: string;
  vehicleLabel: string;
  addressLine: string;
  lines: { name: string; priceMinor: number }[];
  totalMinor: number;
  currency: string;
};

export type TimeRequestDay = { date: string; part: "any" | "morning" | "afternoon" };

// @owner time-requests
export const timeRequests = pgTable(
  "time_requests",
  {
    id: id(),
    customerId: text("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // open → proposed → booked | declined | expired; withdrawn by the customer, closed by the business
    // (domain/time-request-rules.ts). Text with a CHECK, as booking_series: a later status is a new CHECK.
    status: text("status")
      .$type<"open" | "proposed" | "booked" | "declined" | "expired" | "withdrawn" | "closed">()
      .notNull()
      .default("open"),
    visit: jsonb("visit").$type<TimeRequestVisit>().notNull(),
    /** The job's shape as the wizard's quote gave it: what the business's slot picker looks for. */
    workMinutes: integer("work_minutes").notNull(),
    travelBufferMinutes: integer("travel_buffer_minutes").notNull().default(0),
    spansBreaks: boolean("spans_breaks").notNull(),
    /** Why it could not be booked online: longer than any working day, or no times left. */
    reason: text("reason").$type<"too_long" | "no_times">().notNull(),
    days: jsonb("days").$type<TimeRequestDay[]>().notNull(),
    note: text("note"),
    /** The customer's wizard run: a double submit makes one request. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** The booking of the latest proposal (pending payment until paid or lapsed). */
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    proposedBy: text("proposed_by").references(() => users.id, { onDelete: "set null" }),
    proposedAt: instant("proposed_at"),
    /** The business's message: with the proposal, or why it closed the request. */
    response: text("response"),
    decidedAt: instant("decided_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("time_requests_idempotency_uq").on(t.idempotencyKey),
    index("time_requests_status_created_idx").on(t.status, t.createdAt),
    index("time_requests_customer_idx").on(t.customerId, t.createdAt),
    index("time_requests_booking_idx").on(t.bookingId),
    check(
      "time_requests_status",
      sql`${t.status} IN ('open', 'proposed', 'booked', 'declined', 'expired', 'withdrawn', 'closed')`,
    ),
    check("time_requests_reason", sql`${t.reason} IN ('too_long', 'no_times')`),
    check("time_requests_work", sql`${t.workMinutes} BETWEEN 1 AND 7200`),
  ],
);
