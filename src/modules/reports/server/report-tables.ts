import "server-only";
import { localDateOf } from "@/lib/dates";
import type { BookingStatus } from "@/lib/enums";
import { BOOKING_STATUSES } from "@/lib/enums";
import { BOOKED_REVENUE_HELP } from "@/modules/today/domain/admin-today";
import { utilisationPercent } from "@/lib/time-ranges";
import { REVENUE_TERMS } from "@/lib/booking/revenue-terms";
import { BOOKING_STATUS_LABELS } from "@/modules/bookings/server";
import type { DbOrTx } from "@/server/db";
import { formatMonthKey } from "../domain/analytics";
import {
  type Cell,
  type ReportKey,
  type ReportTable,
  sharePercent,
  type TableContext,
} from "../domain/table";
import * as aggregates from "./aggregates";
import { customerTypes, topCustomers } from "./customer-aggregates";
import { ledgerTable } from "./ledger-table";
import type { TeamUtilisationRow } from "./team-utilisation";
import { teamUtilisation } from "./team-utilisation";

// Each report's figures as the table the page and the CSV both render (domain/table.ts).

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
    description: `${REVENUE_TERMS.booked.counts} Jobs: those bookings. ${REVENUE_TERMS.collected.counts} Deposits, balances and paid in full split it by kind. ${REVENUE_TERMS.refunded.counts} ${REVENUE_TERMS.net.counts} ${grain === "day" ? "Days" : "Months"} with nothing booked or paid are left out.`,
    columns: [
      { label: grain === "day" ? "Date" : "Month", kind: "text" },
      { label: "Jobs", kind: "count" },
      { label: "Booked", kind: "money" },
      { label: "Deposits", kind: "money" },
      { label: "Balances", kind: "money" },
      { label: "Paid in full", kind: "money" },
      { label: "Collected", kind: "money" },
      { label: "Refunded", kind: "money" },
      { label: "Net collected", kind: "money" },
    ],
    rows: rows.map((r) => cells(r, grain === "month" ? formatMonthKey(r.period) : r.period)),
    totals: cells(total, "Total"),
    currency: c.currency,
    empty: "Nothing was booked, paid or refunded in this range.",
  };
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
      "Each vehicle of the same jobs by the size it was booked for (a visit of several vehicles counts each under its own size): packages and add-ons revenue, and its average per vehicle.",
    columns: [
      { label: "Vehicle size", kind: "text" },
      { label: "Vehicles", kind: "count" },
      { label: "Revenue", kind: "money" },
      { label: "Average per vehicle", kind: "money" },
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
  const { rows, total } = await customerTypes(db, c.range);
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
  const rows = await topCustomers(db, c.range, 10);
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
