import "server-only";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { SessionUser } from "@/server/auth";
import { type DbOrTx, getDb } from "@/server/db";
import { AppError } from "@/server/errors";
import { type ParsedRange, parseReportRange } from "../domain/range";
import type { ReportKey, ReportTable } from "../domain/table";
import { type LedgerTable, ledgerTable, reportTable } from "./report-tables";

// /admin/reports: the range from the URL and every report's table for it, read in parallel (each one
// SQL aggregate; npm run bench:reports).

type SearchParamsLike = { get(name: string): string | null };

export type ReportsPage =
  | {
      ok: true;
      parsed: ParsedRange & { ok: true };
      tables: Record<Exclude<ReportKey, "ledger">, ReportTable>;
      ledger: LedgerTable;
      timeZone: string;
    }
  | { ok: false; parsed: ParsedRange & { ok: false }; timeZone: string };

const KEYS = [
  "revenue-by-month",
  "revenue-by-day",
  "bookings-by-status",
  "services",
  "vehicle-sizes",
  "customers",
  "top-customers",
  "teams",
  "travel-zones",
] as const satisfies readonly Exclude<ReportKey, "ledger">[];

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
  const parsed = parseReportRange(params, now, timeZone);
  if (!parsed.ok) return { ok: false, parsed, timeZone };
  const c = { range: parsed.range, currency };
  const page = Number.parseInt(params.get("ledgerPage") ?? "1", 10);
  const [ledger, ...tables] = await Promise.all([
    ledgerTable(db, c, Number.isFinite(page) ? page : 1),
    ...KEYS.map((k) => reportTable(db, k, c)),
  ]);
  return {
    ok: true,
    parsed,
    timeZone,
    ledger,
    tables: Object.fromEntries(KEYS.map((k, i) => [k, tables[i] as ReportTable])) as Record<
      Exclude<ReportKey, "ledger">,
      ReportTable
    >,
  };
}

/** For the page: the request's database. */
export async function loadReportsPage(
  viewer: Pick<SessionUser, "role"> | null,
  params: SearchParamsLike,
): Promise<ReportsPage> {
  return getReportsPage(await getDb(), viewer, params);
}
