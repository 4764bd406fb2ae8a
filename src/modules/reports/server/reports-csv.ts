import "server-only";
import { csvRecord } from "@/lib/csv";
import { csvDownloadResponse } from "@/server/http";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { SessionUser } from "@/server/auth";
import { type DbOrTx, getDb } from "@/server/db";
import { parseReportRange } from "../domain/range";
import {
  type Cell,
  type Column,
  cellCsv,
  isReportKey,
  type ReportKey,
  type ReportTable,
} from "../domain/table";
import { ledgerBatches, ledgerTotals } from "./ledger";
import { LEDGER_COLUMNS, ledgerCells, ledgerTotalsCells } from "./ledger-table";
import { reportTable } from "./report-tables";

// GET /admin/reports/export/<report>?range=…: one report's table for the range as a CSV — the columns,
// rows and totals row the page shows, numbers in plain form. The ledger streams every entry of the
// range in batches (the page shows one page of it); the others are a few hundred aggregate rows at most.

const record = (cells: Cell[], columns: readonly Column[], currency: string) =>
  csvRecord(cells.map((cell, i) => cellCsv(cell, columns[i] as Column, currency)));

/** The whole table as CSV text after its header (the non-ledger reports). */
export function reportCsvBody(table: ReportTable): string {
  const rows = table.totals ? [...table.rows, table.totals] : table.rows;
  return rows.map((r) => record(r, table.columns, table.currency)).join("");
}

async function* ledgerChunks(db: DbOrTx, range: Parameters<typeof ledgerBatches>[1], currency: string) {
  for await (const batch of ledgerBatches(db, range)) {
    yield batch.map((e) => record(ledgerCells(e, range.timeZone), LEDGER_COLUMNS, currency)).join("");
  }
  yield record(ledgerTotalsCells(await ledgerTotals(db, range)), LEDGER_COLUMNS, currency);
}

/** The download for `viewer` (the route passes the session's person; the check is made here). */
export async function reportCsvResponse(
  request: Request,
  viewer: Pick<SessionUser, "role"> | null,
  report: string,
): Promise<Response> {
  if (!viewer) return new Response("Sign in to download reports.", { status: 401 });
  if (viewer.role !== "admin" || !isReportKey(report))
    return new Response("This page could not be found.", { status: 404 });
  const db = await getDb();
  const { timeZone, currency } = await getSettingsOrThrow(db);
  const parsed = parseReportRange(new URL(request.url).searchParams, new Date(), timeZone);
  if (!parsed.ok)
    return new Response(`The dates are not valid: ${Object.values(parsed.errors).join(" ")}`, {
      status: 400,
    });
  const range = parsed.range;
  const filename = `${report}-${range.fromDate}-to-${range.toDate}.csv`;
  const failure = `${report} report CSV export failed`;
  if (report === "ledger")
    return csvDownloadResponse(
      filename,
      LEDGER_COLUMNS.map((c) => c.label),
      ledgerChunks(db, range, currency),
      failure,
    );
  const table = await reportTable(db, report as Exclude<ReportKey, "ledger">, { range, currency });
  async function* body() {
    yield reportCsvBody(table);
  }
  return csvDownloadResponse(
    filename,
    table.columns.map((c) => c.label),
    body(),
    failure,
  );
}
