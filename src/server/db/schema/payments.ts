import { sql } from "drizzle-orm";
import { char, check, index, integer, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bookings } from "./bookings";
import { createdAt, id, instant, updatedAt } from "./columns";
import { paymentKind, paymentMethod, paymentProvider, paymentStatus, refundStatus } from "./enums";

// @owner payments
export const payments = pgTable(
  "payments",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    provider: paymentProvider("provider").notNull(),
    kind: paymentKind("kind").notNull(),
    method: paymentMethod("method").notNull().default("online"),
    amountMinor: integer("amount_minor").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    status: paymentStatus("status").notNull().default("pending"),
    // Checkout session id / payment intent id at the provider; unique per provider.
    providerReference: text("provider_reference"),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    settledAt: instant("settled_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_booking_idx").on(t.bookingId),
    index("payments_created_idx").on(t.createdAt),
    // The ledger in settle order, a page or a keyset batch at a time (settle instant, then id: ADR 0026).
    index("payments_settled_idx")
      .on(t.settledAt, t.id)
      .where(sql`status = 'succeeded'`),
    // The revenue report's collected money by settle date and kind, from the index alone (ADR 0026).
    index("payments_settled_report_idx")
      .on(t.settledAt, t.kind, t.amountMinor)
      .where(sql`status = 'succeeded'`),
    unique("payments_provider_reference_uq").on(t.provider, t.providerReference),
    check("payments_amount_positive", sql`${t.amountMinor} > 0`),
  ],
);

// @owner payments
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    amountMinor: integer("amount_minor").notNull(),
    reason: text("reason").notNull().default(""),
    status: refundStatus("status").notNull().default("pending"),
    providerReference: text("provider_reference"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    settledAt: instant("settled_at"),
    /** How many times the provider was asked (the retry job stops after a bounded number). */
    attempts: integer("attempts").notNull().default(0),
    /**
     * When the retry job sends it (again): set while the refund is still owed by the provider path — a
     * failed one waiting for its next attempt, or a pending one whose send after the commit never
     * happened; null once the provider accepted it or the retries gave up.
     */
    retryAt: instant("retry_at"),
  },
  (t) => [
    index("refunds_payment_idx").on(t.paymentId),
    index("refunds_retry_idx")
      .on(t.retryAt)
      .where(sql`retry_at IS NOT NULL`),
    index("refunds_created_idx").on(t.createdAt),
    index("refunds_settled_idx").on(t.settledAt, t.id),
    check("refunds_amount_positive", sql`${t.amountMinor} > 0`),
  ],
);

/** Every webhook received; the (provider, event id) pair is the idempotency key. */
// @owner payments
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: id(),
    provider: paymentProvider("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: createdAt(),
    processedAt: instant("processed_at"),
    error: text("error"),
  },
  (t) => [unique("webhook_events_provider_event_uq").on(t.provider, t.eventId)],
);
