import "server-only";
import { formatLocalStamp, localDateOf } from "@/lib/dates";
import type { BookingStatus, PaymentMethod } from "@/lib/enums";
import { BOOKING_STATUSES } from "@/lib/enums";
import { routes } from "@/lib/routes";
import { loadScheduleCapacity } from "@/modules/availability/server";
import { BOOKED_REVENUE_HELP, sumDates, utilisationPercent } from "@/modules/today/domain/admin-today";
import { BOOKING_STATUS_LABELS } from "@/modules/bookings/server";
import { MANUAL_METHOD_LABELS } from "@/modules/payments/domain/money";
import type { DbOrTx } from "@/server/db";
import { formatMonthKey } from "../domain/analytics";
import type { ReportRange } from "../domain/range";
import { type Cell, type ReportKey, type ReportTable, sharePercent } from "../domain/table";
import * as aggregates from "./aggregates";
import { type LedgerEntry, ledgerEntries, ledgerTotals } from "./ledger";

// Each report's figures as the table the page and the CSV both render (domain/table.ts).

export type TableContext = { range: ReportRange; currency: string };

const PROVIDER_LABELS: Record<string, string> = {
  stripe: "Stripe",
  test: "Test provider",
  manual: "Recorded by hand",
};
const KIND_LABELS: Record<string, string> = { deposit: "Deposit", full: "Full", balance: "Balance" };

async function revenueTable(db: DbOrTx, c: TableContext, grain: "day" | "month"): Promise<ReportTable> {
  const { rows, total } = await aggregates.revenueReport(db, c.range, grain);
  const cells = (r: typeof total, first: Cell): Cell[] => [
    first,
    r.bookings,
    r.bookedMinor,
    r.depositsMinor,
    r.balancesMinor,
    r.fullMinor,
    r.collectedMinor,
    r.refundedMinor,
    r.netMinor,
  ];
  return {
    key: grain === "day" ? "revenue-by-day" : "revenue-by-month",
    title: grain === "day" ? "Revenue by day" : "Revenue by month",
    description: `${BOOKED_REVENUE_HELP} Jobs: those bookings. Collected: payments settled that day, by kind; refunded: refunds settled; net: collected less refunded. Days with nothing booked or paid are left out.`,
    columns: [
      { label: grain === "day" ? "Date" : "Month", kind: "text" },
      { label: "Jobs", kind: "count" },
      { label: "Booked", kind: "money" },
      { label: "Deposits", kind: "money" },
      { label: "Balances", kind: "money" },
      { label: "Paid in full", kind: "money" },
      { label: "Collected", kind: "money" },
      { label: "Refunded", kind: "money" },
      { label: "Net", kind: "money" },
    ],
    rows: rows.map((r) => cells(r, grain === "month" ? formatMonthKey(r.period) : r.period)),
    totals: cells(total, "Total"),
    currency: c.currency,
    empty: "Nothing was booked, paid or refunded in this range.",
  };
}

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

async function ledgerTable(db: DbOrTx, c: TableContext, page = 1): Promise<LedgerTable> {
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

async function statusTable(db: DbOrTx, c: TableContext): Promise<ReportTable> {
  const s = await aggregates.bookingsByStatus(db, c.range);
  const byStatus = new Map(s.rows.map((r) => [r.status, r]));
  const cells = (r: (typeof s.rows)[number] | undefined, label: string): Cell[] => [
    label,
    r?.bookings ?? 0,
    sharePercent(r?.bookings ?? 0, s.total.bookings),
    r?.valueMinor ?? 0,
    r?.paidMinor ?? 0,
    r?.refundedMinor ?? 0,
    r?.keptMinor ?? 0,
  ];
  return {
    key: "bookings-by-status",
    title: "Bookings by status",
    description: `Every booking whose job falls in the range. Value: the total as booked, before adjustments. Kept: paid less refunded — on cancelled and missed (no-show) bookings, the fee kept. ${s.cancellations} cancelled and ${s.noShows} missed, with ${s.feesKeptMinor === 0 ? "no fees" : "fees"} kept.`,
    columns: [
      { label: "Status", kind: "text" },
      { label: "Bookings", kind: "count" },
      { label: "Share", kind: "percent" },
      { label: "Value", kind: "money" },
      { label: "Paid", kind: "money" },
      { label: "Refunded", kind: "money" },
      { label: "Kept", kind: "money" },
    ],
    rows: BOOKING_STATUSES.filter((st) => byStatus.has(st)).map((st: BookingStatus) =>
      cells(byStatus.get(st), BOOKING_STATUS_LABELS[st]),
    ),
    totals: cells(s.total, "Total"),
    currency: c.currency,
    empty: "No booking falls in this range.",
  };
}

async function servicesTable(db: DbOrTx, c: TableContext): Promise<ReportTable> {
  const { rows, total } = await aggregates.servicesReport(db, c.range);
  return {
    key: "services",
    title: "Services and add-ons",
    description:
      "Packages and add-ons on the jobs in the range (not cancelled, declined or expired), by the name they were sold under. Share: of the revenue of all packages and add-ons.",
    columns: [
      { label: "Service", kind: "text" },
      { label: "Type", kind: "text" },
      { label: "Sold", kind: "count" },
      { label: "Revenue", kind: "money" },
      { label: "Average", kind: "money" },
      { label: "Share", kind: "percent" },
    ],
    rows: rows.map((r) => [
      r.name,
      r.kind === "addon" ? "Add-on" : "Package",
      r.count,
      r.revenueMinor,
      r.averageMinor,
      sharePercent(r.revenueMinor, total.revenueMinor),
    ]),
    totals: [
      "Total",
      null,
      total.count,
      total.revenueMinor,
      total.averageMinor,
      sharePercent(total.revenueMinor, total.revenueMinor),
    ],
    currency: c.currency,
    empty: "No service was sold for a job in this range.",
  };
}

async function sizesTable(db: DbOrTx, c: TableContext): Promise<ReportTable> {
  const { rows, total } = await aggregates.vehicleSizesReport(db, c.range);
  return {
    key: "vehicle-sizes",
    title: "By vehicle size",
    description:
      "The same jobs by the vehicle size they were booked for: packages and add-ons revenue, and its average per job.",
    columns: [
      { label: "Vehicle size", kind: "text" },
      { label: "Jobs", kind: "count" },
      { label: "Revenue", kind: "money" },
      { label: "Average per job", kind: "money" },
      { label: "Share", kind: "percent" },
    ],
    rows: rows.map((r) => [
      r.size || "Not recorded",
      r.jobs,
      r.revenueMinor,
      r.averageMinor,
      sharePercent(r.revenueMinor, total.revenueMinor),
    ]),
    totals: [
      "Total",
      total.jobs,
      total.revenueMinor,
      total.averageMinor,
      sharePercent(total.revenueMinor, total.revenueMinor),
    ],
    currency: c.currency,
    empty: "No job falls in this range.",
  };
}

async function customersTable(db: DbOrTx, c: TableContext): Promise<ReportTable> {
  const { rows, total } = await aggregates.customerTypes(db, c.range);
  const cells = (r: typeof total, label: string): Cell[] => [
    label,
    r.customers,
    sharePercent(r.customers, total.customers),
    r.jobs,
    r.valueMinor,
  ];
  return {
    key: "customers",
    title: "New and returning customers",
    description: `Customers with a job in the range (not cancelled, declined or expired). New: their first such job is in the range; returning: they had one before it. Value: ${BOOKED_REVENUE_HELP}`,
    columns: [
      { label: "Customers", kind: "text" },
      { label: "Count", kind: "count" },
      { label: "Share", kind: "percent" },
      { label: "Jobs", kind: "count" },
      { label: "Value", kind: "money" },
    ],
    rows: total.customers === 0 ? [] : rows.map((r) => cells(r, r.type === "new" ? "New" : "Returning")),
    totals: cells(total, "Total"),
    currency: c.currency,
    empty: "No customer had a job in this range.",
  };
}

async function topCustomersTable(db: DbOrTx, c: TableContext): Promise<ReportTable> {
  const rows = await aggregates.topCustomers(db, c.range, 10);
  return {
    key: "top-customers",
    title: "Top customers by value",
    description: `The ten customers whose jobs in the range are worth the most. Value: ${BOOKED_REVENUE_HELP}`,
    columns: [
      { label: "Customer", kind: "text" },
      { label: "Email", kind: "text" },
      { label: "Jobs", kind: "count" },
      { label: "Value", kind: "money" },
      { label: "First job", kind: "text" },
    ],
    rows: rows.map((r) => [
      r.name,
      r.email,
      r.jobs,
      r.valueMinor,
      r.firstJobAt ? localDateOf(r.firstJobAt, c.range.timeZone) : null,
    ]),
    totals: null,
    currency: c.currency,
    empty: "No customer had a job in this range.",
  };
}

export type TeamUtilisationRow = {
  teamId: string;
  /** The team's name, "(inactive)" after an inactive one. */
  label: string;
  jobs: number;
  bookedMinutes: number;
  openMinutes: number;
  valueMinor: number;
};

/**
 * Booked minutes against open minutes per team (active teams, and inactive ones with jobs) and in total.
 * Every active team works the business's opening hours: a team's open time is the schedule's open team
 * minutes shared between the active teams (the Today page's utilisation, per team).
 */
export async function teamUtilisation(
  db: DbOrTx,
  range: ReportRange,
): Promise<{ rows: TeamUtilisationRow[]; total: TeamUtilisationRow }> {
  const [{ rows, total }, capacity] = await Promise.all([
    aggregates.teamJobs(db, range),
    loadScheduleCapacity(db, { from: range.fromDate, to: range.toDate, timeZone: range.timeZone }),
  ]);
  const openAll = sumDates(capacity.openTeamMinutes, range.fromDate, range.days);
  const active = capacity.teams.filter((t) => t.isActive).length;
  const openPerTeam = active > 0 ? Math.round(openAll / active) : 0;
  return {
    rows: rows
      .filter((t) => t.isActive || t.jobs > 0)
      .map((t) => ({
        teamId: t.teamId,
        label: t.isActive ? t.name : `${t.name} (inactive)`,
        jobs: t.jobs,
        bookedMinutes: t.bookedMinutes,
        openMinutes: t.isActive ? openPerTeam : 0,
        valueMinor: t.valueMinor,
      })),
    total: {
      teamId: "",
      label: "Total",
      jobs: total.jobs,
      bookedMinutes: total.bookedMinutes,
      openMinutes: openAll,
      valueMinor: total.valueMinor,
    },
  };
}

async function teamsTable(db: DbOrTx, c: TableContext): Promise<ReportTable> {
  const { rows, total } = await teamUtilisation(db, c.range);
  const cells = (r: TeamUtilisationRow): Cell[] => [
    r.label,
    r.jobs,
    r.bookedMinutes,
    r.openMinutes,
    utilisationPercent(r.bookedMinutes, r.openMinutes),
    r.valueMinor,
  ];
  return {
    key: "teams",
    title: "Teams",
    description: `Jobs in the range (not cancelled, declined or expired) by team: booked hours against the hours the opening hours give each active team. Utilisation: booked ÷ open. Value: ${BOOKED_REVENUE_HELP}`,
    columns: [
      { label: "Team", kind: "text" },
      { label: "Jobs", kind: "count" },
      { label: "Booked hours", kind: "hours" },
      { label: "Open hours", kind: "hours" },
      { label: "Utilisation", kind: "percent" },
      { label: "Value", kind: "money" },
    ],
    rows: rows.map(cells),
    totals: cells(total),
    currency: c.currency,
    empty: "There are no teams yet.",
  };
}

async function zonesTable(db: DbOrTx, c: TableContext): Promise<ReportTable> {
  const { rows, total } = await aggregates.travelZones(db, c.range);
  return {
    key: "travel-zones",
    title: "Travel zones",
    description:
      "Jobs in the range (not cancelled, declined or expired) by the travel zone they were charged for. A zone without a travel fee is counted under “No travel fee”.",
    columns: [
      { label: "Zone", kind: "text" },
      { label: "Jobs", kind: "count" },
      { label: "Share", kind: "percent" },
      { label: "Travel fees", kind: "money" },
    ],
    rows: rows.map((r) => [r.zone || "No travel fee", r.jobs, sharePercent(r.jobs, total.jobs), r.feesMinor]),
    totals: ["Total", total.jobs, sharePercent(total.jobs, total.jobs), total.feesMinor],
    currency: c.currency,
    empty: "No job falls in this range.",
  };
}

/** One report's table (the ledger's first page, or `ledgerPage`). */
export async function reportTable(
  db: DbOrTx,
  key: ReportKey,
  c: TableContext,
  opts: { ledgerPage?: number } = {},
): Promise<ReportTable> {
  switch (key) {
    case "revenue-by-month":
      return revenueTable(db, c, "month");
    case "revenue-by-day":
      return revenueTable(db, c, "day");
    case "ledger":
      return ledgerTable(db, c, opts.ledgerPage);
    case "bookings-by-status":
      return statusTable(db, c);
    case "services":
      return servicesTable(db, c);
    case "vehicle-sizes":
      return sizesTable(db, c);
    case "customers":
      return customersTable(db, c);
    case "top-customers":
      return topCustomersTable(db, c);
    case "teams":
      return teamsTable(db, c);
    case "travel-zones":
      return zonesTable(db, c);
  }
}

export { ledgerTable };
