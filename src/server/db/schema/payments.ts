import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bookings } from "./bookings";
import { createdAt, currencyCode, id, instant, updatedAt } from "./columns";
import {
  adjustmentKind,
  paymentKind,
  paymentMethod,
  paymentProvider,
  paymentStatus,
  refundReason,
  refundStatus,
  taxDocumentKind,
} from "./enums";

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
    currency: currencyCode(),
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
    /** The admin's words (shown on the timeline and in the email). */
    reason: text("reason").notNull().default(""),
    /** Why the money went back, which decides what it does to the charge (ADR 0040). */
    reasonKind: refundReason("reason_kind").notNull().default("overpayment"),
    /** How it went back: through the provider (`online`), or by hand (cash, card terminal, bank transfer). */
    method: paymentMethod("method").notNull().default("online"),
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

/**
 * A change to a standing booking's price (ADR 0040): a discount the business gives (before or after
 * payment), or a goodwill refund. Their sum is the booking's adjustment_minor; audited where written.
 */
// @owner payments
export const bookingAdjustments = pgTable(
  "booking_adjustments",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    kind: adjustmentKind("kind").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    reason: text("reason").notNull(),
    /** The goodwill refund this adjustment is (its first row, when the refund was split across payments). */
    refundId: uuid("refund_id").references(() => refunds.id),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("booking_adjustments_booking_idx").on(t.bookingId, t.createdAt),
    check("booking_adjustments_amount_positive", sql`${t.amountMinor} > 0`),
  ],
);

export type TaxParty = { name: string; address: string; vatNumber?: string | null };
export type TaxLine = {
  description: string;
  netMinor: number;
  /** Basis points: 2000 = 20%. */
  vatRateBp: number;
  vatMinor: number;
  grossMinor: number;
};

/**
 * VAT invoices and credit notes (ADR 0040): numbered from document_counters in the transaction of the
 * money that causes them, so the numbers have no gaps and no repeats. What they say is a snapshot.
 */
// @owner payments
export const taxDocuments = pgTable(
  "tax_documents",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    kind: taxDocumentKind("kind").notNull(),
    /** 1, 2, 3 … per kind, without gaps. */
    seq: integer("seq").notNull(),
    /** "INV-000042", "CN-000007". */
    number: text("number").notNull().unique(),
    issuedAt: instant("issued_at").notNull(),
    taxPoint: instant("tax_point").notNull(),
    /** A credit note's invoice. */
    invoiceId: uuid("invoice_id"),
    refundId: uuid("refund_id").references(() => refunds.id),
    adjustmentId: uuid("adjustment_id").references(() => bookingAdjustments.id),
    currency: currencyCode(),
    supplier: jsonb("supplier").$type<TaxParty>().notNull(),
    customer: jsonb("customer").$type<TaxParty>().notNull(),
    lines: jsonb("lines").$type<TaxLine[]>().notNull(),
    /** An invoice on account (ADR 0051): the day it must be paid by. */
    payBy: date("pay_by", { mode: "string" }),
    netMinor: integer("net_minor").notNull(),
    vatMinor: integer("vat_minor").notNull(),
    grossMinor: integer("gross_minor").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("tax_documents_kind_seq_uq").on(t.kind, t.seq),
    // One invoice per booking, whichever path issues it (each also holds the booking's row lock).
    uniqueIndex("tax_documents_one_invoice_uq")
      .on(t.bookingId)
      .where(sql`kind = 'invoice'`),
    index("tax_documents_booking_idx").on(t.bookingId, t.issuedAt),
    index("tax_documents_issued_idx").on(t.issuedAt, t.id),
    check("tax_documents_totals", sql`${t.netMinor} + ${t.vatMinor} = ${t.grossMinor}`),
    check("tax_documents_credit_note", sql`(${t.kind} = 'credit_note') = (${t.invoiceId} IS NOT NULL)`),
  ],
);

/** The last number given per document kind: one row each, locked by the UPDATE that takes the next. */
// @owner payments
export const documentCounters = pgTable(
  "document_counters",
  {
    kind: taxDocumentKind("kind").notNull(),
    last: integer("last").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind] })],
);
