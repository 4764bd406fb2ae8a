import "server-only";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { SessionUser } from "@/server/auth";
import { type DbOrTx, getDb } from "@/server/db";
import { AppError } from "@/server/errors";
import { type ParsedRange, parseReportRange } from "../domain/range";
import type { ReportKey, ReportTable } from "../domain/table";
import { type LedgerTable, ledgerTable } from "./ledger-table";
import { reportTable } from "./report-tables";
import { revenueReconciliation } from "./aggregates";
import type { RevenueReconciliation } from "@/lib/booking/revenue-terms";

// /admin/reports: the range and the tab from the URL, and the tab's reports for it, read in parallel
// (each one SQL aggregate; npm run bench:reports). The other tabs are links, read when opened.

type SearchParamsLike = { get(name: string): string | null };

/** The page's tabs (?tab=…) and the reports each shows; only the shown tab's reports are read. */
export const REPORT_TABS = [
  { value: "revenue", label: "Revenue", reports: ["revenue-by-month", "revenue-by-day"] },
  { value: "ledger", label: "Payments & refunds", reports: ["ledger"] },
  { value: "bookings", label: "Bookings", reports: ["bookings-by-status"] },
  { value: "services", label: "Services", reports: ["services", "vehicle-sizes"] },
  { value: "customers", label: "Customers", reports: ["customers", "top-customers"] },
  { value: "teams", label: "Teams", reports: ["teams"] },
  { value: "zones", label: "Travel zones", reports: ["travel-zones"] },
] as const satisfies readonly { value: string; label: string; reports: readonly ReportKey[] }[];
export type ReportTab = (typeof REPORT_TABS)[number]["value"];

/** The URL's tab; an unknown or missing one is the first (revenue). */
export function reportTabOf(value: string | null): ReportTab {
  return REPORT_TABS.find((t) => t.value === value)?.value ?? "revenue";
}

export type ReportsPage =
  | {
      ok: true;
      parsed: ParsedRange & { ok: true };
      tab: ReportTab;
      /** The shown tab's reports, in order (the ledger's is a page of it). */
      tables: (ReportTable | LedgerTable)[];
      /** The revenue tab's "how booked becomes collected" for the range. */
      reconciliation: RevenueReconciliation | null;
      currency: string;
      timeZone: string;
    }
  | { ok: false; parsed: ParsedRange & { ok: false }; tab: ReportTab; timeZone: string };

export function assertReportsViewer(viewer: Pick<SessionUser, "role"> | null): void {
  if (!viewer) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  if (viewer.role !== "admin") throw new AppError("NOT_FOUND", "This page could not be found.");
}

export async function getReportsPage(
  db: DbOrTx,
  viewer: Pick<SessionUser, "role"> | null,
  params: SearchParamsLike,
  now = new Date(),
): Promise<ReportsPage> {
  assertReportsViewer(viewer);
  const { timeZone, currency } = await getSettingsOrThrow(db);
  const tab = reportTabOf(params.get("tab"));
  const parsed = parseReportRange(params, now, timeZone);
  if (!parsed.ok) return { ok: false, parsed, tab, timeZone };
  const c = { range: parsed.range, currency };
  const page = Number.parseInt(params.get("ledgerPage") ?? "1", 10);
  const keys: readonly ReportKey[] = REPORT_TABS.find((t) => t.value === tab)?.reports ?? [];
  const [tables, reconciliation] = await Promise.all([
    Promise.all(
      keys.map((k) =>
        k === "ledger" ? ledgerTable(db, c, Number.isFinite(page) ? page : 1) : reportTable(db, k, c),
      ),
    ),
    tab === "revenue" ? revenueReconciliation(db, parsed.range) : null,
  ]);
  return { ok: true, parsed, tab, timeZone, currency, tables, reconciliation };
}

/** For the page: the request's database. */
export async function loadReportsPage(
  viewer: Pick<SessionUser, "role"> | null,
  params: SearchParamsLike,
): Promise<ReportsPage> {
  return getReportsPage(await getDb(), viewer, params);
}
