import "server-only";
import { formatLocalStamp } from "@/lib/dates";
import type { PaymentMethod } from "@/lib/enums";
import { routes } from "@/lib/routes";
import { MANUAL_METHOD_LABELS } from "@/modules/payments/domain/money";
import type { DbOrTx } from "@/server/db";
import { type Cell, type ReportTable, type TableContext } from "../domain/table";
import { type LedgerEntry, ledgerEntries, ledgerTotals } from "./ledger";

// The ledger report as a table: its columns, a page of entries and the totals row (the CSV reads the same cells).

const PROVIDER_LABELS: Record<string, string> = {
  stripe: "Stripe",
  test: "Test provider",
  manual: "Recorded by hand",
};
const KIND_LABELS: Record<string, string> = { deposit: "Deposit", full: "Full", balance: "Balance" };

export const LEDGER_COLUMNS = [
  { label: "Settled", kind: "text" },
  { label: "Type", kind: "text" },
  { label: "Kind", kind: "text" },
  { label: "Booking", kind: "text" },
  { label: "Customer", kind: "text" },
  { label: "Provider", kind: "text" },
  { label: "Method", kind: "text" },
  { label: "Reference", kind: "text" },
  { label: "Amount", kind: "money" },
] as const satisfies ReportTable["columns"];

export function ledgerCells(e: LedgerEntry, timeZone: string): Cell[] {
  return [
    formatLocalStamp(e.settledAt, timeZone),
    e.type === "refund" ? "Refund" : "Payment",
    KIND_LABELS[e.kind] ?? e.kind,
    { text: e.bookingReference, href: routes.adminBooking(e.bookingId) },
    e.customerName,
    PROVIDER_LABELS[e.provider] ?? e.provider,
    MANUAL_METHOD_LABELS[e.method as PaymentMethod] ?? e.method,
    e.providerReference,
    e.amountMinor,
  ];
}

export const LEDGER_PAGE_SIZE = 50;

export type LedgerTable = ReportTable & { page: number; pages: number; entries: number };

export async function ledgerTable(db: DbOrTx, c: TableContext, page = 1): Promise<LedgerTable> {
  const wanted = Math.max(1, Math.floor(page));
  const pageOf = (p: number) =>
    ledgerEntries(db, c.range, { limit: LEDGER_PAGE_SIZE, offset: (p - 1) * LEDGER_PAGE_SIZE });
  // The totals and the page asked for in parallel; a page past the end is read again as the last one.
  const [totals, first] = await Promise.all([ledgerTotals(db, c.range), pageOf(wanted)]);
  const entries = totals.payments + totals.refunds;
  const pages = Math.max(1, Math.ceil(entries / LEDGER_PAGE_SIZE));
  const current = Math.min(wanted, pages);
  const list = current === wanted ? first : await pageOf(current);
  return {
    key: "ledger",
    title: "Payments and refunds",
    description:
      "Every payment and refund that settled in the range, in order; refunds are negative. The totals are the whole range's (the download holds every page).",
    columns: [...LEDGER_COLUMNS],
    rows: list.map((e) => ledgerCells(e, c.range.timeZone)),
    totals: ledgerTotalsCells(totals),
    currency: c.currency,
    empty: "No payment or refund settled in this range.",
    page: current,
    pages,
    entries,
  };
}

export function ledgerTotalsCells(t: Awaited<ReturnType<typeof ledgerTotals>>): Cell[] {
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
  return [
    "Total",
    `${plural(t.payments, "payment")}, ${plural(t.refunds, "refund")}`,
    null,
    null,
    null,
    null,
    null,
    null,
    t.netMinor,
  ];
}
