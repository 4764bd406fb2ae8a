import "server-only";
import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { bookingMoney } from "@/lib/booking/booking-money";
import type { BookingStatus } from "@/lib/enums";
import {
  type BookingEndedListener,
  type ChargeFallListener,
  findBookingDocumentFacts,
} from "@/modules/bookings/server";
import { formatLongDate } from "@/lib/dates";
import { findInvoiceParty } from "@/modules/accounts/server";
import { enqueueEmail } from "@/modules/notifications/server";
import { taxDocumentView } from "../../domain/tax-document-view";
import { taxDocumentPdf } from "./tax-document-pdf";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { DbOrTx, Tx } from "@/server/db";
import {
  bookingAdjustments,
  documentCounters,
  payments,
  refunds,
  taxDocuments,
  type TaxParty,
} from "@/server/db/schema";
import { documentNumber, splitGross, type TaxDocumentKind, vatLine, vatTotals } from "../../domain/vat";

// VAT invoices and credit notes (ADR 0040, issue 26). An invoice is issued in the transaction of the first
// money received for a booking of a VAT-registered business; a credit note in the transaction of a refund
// or discount that lowers the charge of an invoiced booking. Numbers come from document_counters: the
// UPDATE … RETURNING locks the kind's row until the commit, so two documents never share a number and a
// rolled-back transaction gives its number back (no gaps). What a document says is a snapshot.

export type TaxDocument = typeof taxDocuments.$inferSelect;

const ADJUSTMENT_LABELS = { discount: "Discount", goodwill: "Goodwill reduction" } as const;

/** The next number of a kind. Holds the counter's row lock until the caller's transaction ends. */
async function nextSeq(tx: Tx, kind: TaxDocumentKind): Promise<number> {
  const [row] = await tx
    .update(documentCounters)
    .set({ last: sql`${documentCounters.last} + 1` })
    .where(eq(documentCounters.kind, kind))
    .returning({ last: documentCounters.last });
  if (!row) throw new Error(`document counter ${kind} is missing`);
  return row.last;
}

const addressOf = (a: { line1: string; line2: string | null; town: string; postcode: string }) =>
  [a.line1, a.line2, a.town, a.postcode].filter((x): x is string => !!x && x.trim() !== "").join("\n");

async function findInvoice(db: DbOrTx, bookingId: string): Promise<TaxDocument | null> {
  const [row] = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.bookingId, bookingId), eq(taxDocuments.kind, "invoice")));
  return row ?? null;
}

/**
 * Issues the booking's VAT invoice when it is due: the business is VAT registered, the booking has
 * received money and has no invoice yet, and its charge is above zero. The caller holds the booking's
 * row lock (every money path takes it first), so a booking never gets two invoices. Lines: the booking's
 * lines as booked and one negative line per adjustment, so the gross is its charge (bookingMoney) when
 * prices include VAT; a closed booking (a missed one paid afterwards) is invoiced its fee on one line.
 */
export async function issueInvoiceIfDue(tx: Tx, bookingId: string, now: Date): Promise<TaxDocument | null> {
  const settings = await getSettingsOrThrow(tx);
  if (!settings.vatRegistered) return null;
  if (await findInvoice(tx, bookingId)) return null;
  const [first] = await tx
    .select({ settledAt: payments.settledAt })
    .from(payments)
    .where(
      and(eq(payments.bookingId, bookingId), eq(payments.status, "succeeded"), isNotNull(payments.settledAt)),
    )
    .orderBy(asc(payments.settledAt))
    .limit(1);
  const facts = await findBookingDocumentFacts(tx, bookingId);
  if (!facts) throw new Error(`booking ${bookingId} not found`);
  const { booking } = facts;
  // On account (ADR 0051) the invoice is the request for payment: issued when the booking is confirmed,
  // before any money. Otherwise it records money received.
  const onAccount = booking.payBy !== null && booking.status === "confirmed";
  if (!first && !onAccount) return null;
  const money = bookingMoney(booking);
  if (money.chargeMinor <= 0) return null;

  const rate = settings.vatRateBp;
  // Prices include VAT (ADR 0040): the charge is what the customer pays, so it is each invoice's gross.
  const incl = true;
  let lines;
  if (money.closed) {
    lines = [vatLine(`Charge for booking ${booking.reference}`, money.chargeMinor, rate, incl)];
  } else {
    const adjustments = await tx
      .select({
        kind: bookingAdjustments.kind,
        amountMinor: bookingAdjustments.amountMinor,
        reason: bookingAdjustments.reason,
      })
      .from(bookingAdjustments)
      .where(eq(bookingAdjustments.bookingId, bookingId))
      .orderBy(asc(bookingAdjustments.createdAt), asc(bookingAdjustments.id));
    lines = [
      ...facts.items.map((i) => vatLine(i.name, i.priceMinor, rate, incl)),
      ...adjustments.map((a) =>
        vatLine(`${ADJUSTMENT_LABELS[a.kind]}: ${a.reason}`, -a.amountMinor, rate, incl),
      ),
    ];
  }
  const company = await findInvoiceParty(tx, booking.customerId);
  const seq = await nextSeq(tx, "invoice");
  const [doc] = await tx
    .insert(taxDocuments)
    .values({
      bookingId,
      kind: "invoice",
      seq,
      number: documentNumber("invoice", seq),
      issuedAt: now,
      taxPoint: first?.settledAt ?? now,
      currency: booking.currency,
      supplier: supplierOf(settings),
      // A business customer is invoiced as the company, at its invoice address, with its VAT number.
      customer: company
        ? { name: company.name, address: company.address, vatNumber: company.vatNumber }
        : { name: facts.customer.name, address: addressOf(booking.addressSnapshot) },
      payBy: booking.payBy,
      lines,
      ...vatTotals(lines),
    })
    .returning();
  if (!doc) throw new Error("invoice insert returned nothing");
  // A business customer's invoice also goes to its billing address, the PDF attached (ADR 0051).
  if (company?.email) await emailInvoiceToCompany(tx, doc, company, booking, settings.timeZone);
  return doc;
}

async function emailInvoiceToCompany(
  tx: Tx,
  doc: TaxDocument,
  company: { name: string; email: string },
  booking: { id: string; reference: string; startsAt: Date },
  timeZone: string,
): Promise<void> {
  // An invoice credits nothing: no invoice number of its own to point at.
  const view = taxDocumentView({ ...doc, invoiceNumber: null }, timeZone);
  await enqueueEmail(tx, {
    to: company.email,
    template: "invoice-issued",
    bookingId: booking.id,
    data: {
      companyName: company.name,
      number: doc.number,
      reference: booking.reference,
      total: view.totals.gross,
      payBy: view.payBy,
      date: formatLongDate(booking.startsAt, timeZone),
    },
    attachments: [
      {
        filename: `${doc.number}.pdf`,
        contentType: "application/pdf",
        content: (await taxDocumentPdf(view)).toString("base64"),
      },
    ],
  });
}

function supplierOf(s: {
  legalName: string;
  businessName: string;
  baseAddress: string;
  vatNumber: string;
}): TaxParty {
  return { name: s.legalName.trim() || s.businessName, address: s.baseAddress, vatNumber: s.vatNumber };
}

export type CreditNoteInput = {
  bookingId: string;
  /** The refund that lowered the charge (cancellation or goodwill); an overpayment refund credits nothing. */
  refundId?: string;
  /** A discount given after the invoice. */
  adjustmentId?: string;
  /** Gross: the money by which the charge went down. */
  amountMinor: number;
  reason: string;
  now: Date;
};

/**
 * Issues a credit note against the booking's invoice for `amountMinor` (gross, VAT split at the invoice's
 * rate), when the booking has an invoice. Idempotent on the refund or adjustment it is for, and never
 * credits more than the invoice has left. Returns null when nothing is due.
 */
export async function issueCreditNoteIfDue(tx: Tx, input: CreditNoteInput): Promise<TaxDocument | null> {
  if (input.amountMinor <= 0) return null;
  const invoice = await findInvoice(tx, input.bookingId);
  if (!invoice) return null;
  if (input.refundId) {
    const [refund] = await tx
      .select({ reasonKind: refunds.reasonKind })
      .from(refunds)
      .where(eq(refunds.id, input.refundId));
    if (!refund || refund.reasonKind === "overpayment") return null;
  }
  const credits = await tx
    .select({
      grossMinor: taxDocuments.grossMinor,
      refundId: taxDocuments.refundId,
      adjustmentId: taxDocuments.adjustmentId,
    })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.invoiceId, invoice.id), eq(taxDocuments.kind, "credit_note")));
  const same = credits.some(
    (c) =>
      (input.refundId && c.refundId === input.refundId) ||
      (input.adjustmentId && c.adjustmentId === input.adjustmentId),
  );
  if (same) return null;
  const left = invoice.grossMinor - credits.reduce((s, c) => s + c.grossMinor, 0);
  const amount = Math.min(input.amountMinor, left);
  if (amount <= 0) return null;
  const rate = invoice.lines.find((l) => l.grossMinor > 0)?.vatRateBp ?? 0;
  const split = splitGross(amount, rate);
  const lines = [{ description: input.reason, vatRateBp: rate, ...split }];
  const seq = await nextSeq(tx, "credit_note");
  const [doc] = await tx
    .insert(taxDocuments)
    .values({
      bookingId: input.bookingId,
      kind: "credit_note",
      seq,
      number: documentNumber("credit_note", seq),
      issuedAt: input.now,
      taxPoint: input.now,
      invoiceId: invoice.id,
      refundId: input.refundId ?? null,
      adjustmentId: input.adjustmentId ?? null,
      currency: invoice.currency,
      supplier: invoice.supplier,
      customer: invoice.customer,
      lines,
      ...vatTotals(lines),
    })
    .returning();
  if (!doc) throw new Error("credit note insert returned nothing");
  return doc;
}

// Reads, for the document pages, the PDF and the accountant's export.

export async function listBookingTaxDocuments(db: DbOrTx, bookingId: string) {
  return db
    .select({
      id: taxDocuments.id,
      kind: taxDocuments.kind,
      number: taxDocuments.number,
      issuedAt: taxDocuments.issuedAt,
      grossMinor: taxDocuments.grossMinor,
      currency: taxDocuments.currency,
    })
    .from(taxDocuments)
    .where(eq(taxDocuments.bookingId, bookingId))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.kind), asc(taxDocuments.seq));
}

/** A booking's document by its number, with the number of the invoice a credit note credits. */
export async function findBookingTaxDocument(
  db: DbOrTx,
  bookingId: string,
  number: string,
): Promise<(TaxDocument & { invoiceNumber: string | null }) | null> {
  const [doc] = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.bookingId, bookingId), eq(taxDocuments.number, number)));
  if (!doc) return null;
  if (!doc.invoiceId) return { ...doc, invoiceNumber: null };
  const [inv] = await db
    .select({ number: taxDocuments.number })
    .from(taxDocuments)
    .where(eq(taxDocuments.id, doc.invoiceId));
  return { ...doc, invoiceNumber: inv?.number ?? null };
}

/** The documents issued in [from, to), in number order per kind, for the accountant's export. */
export async function listTaxDocumentsIssued(db: DbOrTx, range: { from: Date; to: Date }) {
  const docs = await db
    .select()
    .from(taxDocuments)
    .where(and(gte(taxDocuments.issuedAt, range.from), lt(taxDocuments.issuedAt, range.to)))
    .orderBy(asc(taxDocuments.kind), asc(taxDocuments.seq));
  const invoiceIds = [...new Set(docs.flatMap((d) => (d.invoiceId ? [d.invoiceId] : [])))];
  const invoices =
    invoiceIds.length === 0
      ? []
      : await db
          .select({ id: taxDocuments.id, number: taxDocuments.number })
          .from(taxDocuments)
          .where(inArray(taxDocuments.id, invoiceIds));
  const numberOf = new Map(invoices.map((i) => [i.id, i.number]));
  return docs.map((d) => ({ ...d, invoiceNumber: d.invoiceId ? (numberOf.get(d.invoiceId) ?? null) : null }));
}

const CLOSED_AS: Partial<Record<BookingStatus, string>> = {
  cancelled: "Cancellation",
  declined: "Declined",
  expired: "Expired",
  no_show: "Missed appointment",
};

/**
 * transitionBooking's charge-fall listener (registered by the composition root): a status change that
 * lowered the charge (a closing keeps only its fee) credits the booking's VAT invoice by as much.
 */
export const creditChargeFall: ChargeFallListener = async (tx, fall) => {
  await issueCreditNoteIfDue(tx, {
    bookingId: fall.bookingId,
    amountMinor: fall.fallMinor,
    reason: `${CLOSED_AS[fall.to] ?? "Price change"}: ${fall.reason}`,
    now: fall.now,
  });
};

/**
 * transitionBooking's (and a new booking's) confirmation listener: a booking confirmed on account is
 * invoiced now, the invoice being its request for payment (ADR 0051). Any other booking's invoice waits
 * for its money; issueInvoiceIfDue decides which.
 */
export const invoiceConfirmedOnAccount: BookingEndedListener = async (tx, bookingId, now) => {
  await issueInvoiceIfDue(tx, bookingId, now);
};
