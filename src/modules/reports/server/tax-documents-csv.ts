import "server-only";
import { csvRecord } from "@/lib/csv";
import { csvDownloadResponse } from "@/modules/booking-list/server";
import { listTaxDocumentsIssued } from "@/modules/payments/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { SessionUser } from "@/server/auth";
import { getDb } from "@/server/db";
import {
  isAccountingFormat,
  QUICKBOOKS_INVOICE_COLUMNS,
  quickbooksRows,
  XERO_SALES_INVOICE_COLUMNS,
  xeroRows,
} from "../domain/accounting-csv";
import { parseReportRange } from "../domain/range";

// GET /admin/reports/export/documents/<xero|quickbooks>?range=…: the VAT invoices and credit notes issued
// in the report's range, for the accountant to import (issue 26). Admins only (a visitor 401, others 404).

export async function taxDocumentsCsvResponse(
  request: Request,
  viewer: Pick<SessionUser, "role"> | null,
  format: string,
): Promise<Response> {
  if (!viewer) return new Response("Sign in to download reports.", { status: 401 });
  if (viewer.role !== "admin" || !isAccountingFormat(format))
    return new Response("This page could not be found.", { status: 404 });
  const db = await getDb();
  const { timeZone } = await getSettingsOrThrow(db);
  const parsed = parseReportRange(new URL(request.url).searchParams, new Date(), timeZone);
  if (!parsed.ok)
    return new Response(`The dates are not valid: ${Object.values(parsed.errors).join(" ")}`, {
      status: 400,
    });
  const { range } = parsed;
  const docs = await listTaxDocumentsIssued(db, range);
  const rowsOf = format === "xero" ? xeroRows : quickbooksRows;
  async function* body() {
    yield docs.flatMap((d) => rowsOf(d, timeZone).map((cells) => csvRecord(cells))).join("");
  }
  return csvDownloadResponse(
    `invoices-${format}-${range.fromDate}-to-${range.toDate}.csv`,
    [...(format === "xero" ? XERO_SALES_INVOICE_COLUMNS : QUICKBOOKS_INVOICE_COLUMNS)],
    body(),
    "invoices CSV export failed",
  );
}
