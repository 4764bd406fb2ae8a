import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { formatDateTime } from "@/lib/dates";
import type { AdjustmentKind, PaymentMethod, PaymentProvider, RefundReason } from "@/lib/enums";
import { formatMoney } from "@/lib/money";
import { getDb, type DbOrTx } from "@/server/db";
import { bookingAdjustments, payments, refunds } from "@/server/db/schema";

// What came in and went back for one booking, for its receipt: settled payments and refunds made or on
// their way, formatted in the business zone. The caller has already checked who may see the booking.

export type LedgerLine = {
  id: string;
  kind: "payment" | "refund";
  at: string;
  atIso: string;
  amount: string;
  how: string;
  pending: boolean;
  /** A refund's reason (ADR 0040): its kind in words and the business's note; null for a payment. */
  why: string | null;
};

const REFUND_WHY: Record<RefundReason, string> = {
  goodwill: "Goodwill refund",
  overpayment: "Overpayment refunded",
  cancellation: "Cancellation refund",
};

const METHOD_LABELS: Record<PaymentMethod, string> = {
  online: "Card, online",
  cash: "Cash",
  card: "Card, in person",
  bank_transfer: "Bank transfer",
};

const how = (provider: PaymentProvider, method: PaymentMethod) =>
  provider === "test" ? `${METHOD_LABELS[method]} (test mode)` : METHOD_LABELS[method];

export async function bookingLedger(db: DbOrTx, bookingId: string, timeZone: string): Promise<LedgerLine[]> {
  const paid = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, "succeeded")))
    .orderBy(asc(payments.settledAt), asc(payments.createdAt));
  const back = paid.length
    ? await db
        .select()
        .from(refunds)
        .where(
          and(
            inArray(
              refunds.paymentId,
              paid.map((p) => p.id),
            ),
            inArray(refunds.status, ["pending", "succeeded"]),
          ),
        )
        .orderBy(asc(refunds.createdAt))
    : [];
  const byId = new Map(paid.map((p) => [p.id, p]));
  const lines: LedgerLine[] = [
    ...paid.map((p) => {
      const at = p.settledAt ?? p.createdAt;
      return {
        id: p.id,
        kind: "payment" as const,
        at: formatDateTime(at, timeZone),
        atIso: at.toISOString(),
        amount: formatMoney(p.amountMinor, p.currency),
        how: how(p.provider, p.method),
        pending: false,
        why: null,
      };
    }),
    ...back.flatMap((r) => {
      const p = byId.get(r.paymentId);
      if (!p) return [];
      const at = r.settledAt ?? r.createdAt;
      return {
        id: r.id,
        kind: "refund" as const,
        at: formatDateTime(at, timeZone),
        atIso: at.toISOString(),
        amount: formatMoney(r.amountMinor, p.currency),
        how: how(p.provider, r.method === "online" ? p.method : r.method),
        pending: r.status === "pending",
        why: r.reason ? `${REFUND_WHY[r.reasonKind]}: ${r.reason}` : REFUND_WHY[r.reasonKind],
      };
    }),
  ];
  return lines.sort((a, b) => a.atIso.localeCompare(b.atIso));
}

export type AdjustmentLine = {
  id: string;
  kind: AdjustmentKind;
  /** "Discount" / "Goodwill refund" */
  label: string;
  amountMinor: number;
  amount: string;
  reason: string;
  at: string;
};

/** A booking's price adjustments (discounts, goodwill refunds), oldest first, for its pages and receipt. */
export async function bookingAdjustmentLines(
  db: DbOrTx,
  bookingId: string,
  currency = "GBP",
  timeZone = "Europe/London",
): Promise<AdjustmentLine[]> {
  const rows = await db
    .select()
    .from(bookingAdjustments)
    .where(eq(bookingAdjustments.bookingId, bookingId))
    .orderBy(asc(bookingAdjustments.createdAt), asc(bookingAdjustments.id));
  return rows.map((a) => ({
    id: a.id,
    kind: a.kind,
    label: a.kind === "discount" ? "Discount" : "Goodwill refund",
    amountMinor: a.amountMinor,
    amount: formatMoney(a.amountMinor, currency),
    reason: a.reason,
    at: formatDateTime(a.createdAt, timeZone),
  }));
}

export const loadBookingAdjustments = async (bookingId: string, currency: string, timeZone: string) =>
  bookingAdjustmentLines(await getDb(), bookingId, currency, timeZone);

export const loadBookingLedger = async (bookingId: string, timeZone: string) =>
  bookingLedger(await getDb(), bookingId, timeZone);
