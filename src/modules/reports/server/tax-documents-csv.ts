import "server-only";
import { eq, inArray } from "drizzle-orm";
import { csvRecord } from "@/lib/csv";
import { csvDownloadResponse } from "@/server/http";
import { listTaxDocumentsIssued } from "@/modules/payments/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { SessionUser } from "@/server/auth";
import { type DbOrTx, getDb } from "@/server/db";
import { bookings, businessCustomers, users } from "@/server/db/schema";
import {
  type ExportDocument,
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
  const docs = await exportDocuments(db, range);
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

/** The documents issued in the range, each with its job's day and the address its customer is billed at. */
async function exportDocuments(db: DbOrTx, range: { from: Date; to: Date }): Promise<ExportDocument[]> {
  const docs = await listTaxDocumentsIssued(db, range);
  const ids = [...new Set(docs.map((d) => d.bookingId))];
  const facts =
    ids.length === 0
      ? []
      : await db
          .select({
            id: bookings.id,
            startsAt: bookings.startsAt,
            email: users.email,
            billingEmail: businessCustomers.billingEmail,
          })
          .from(bookings)
          .innerJoin(users, eq(users.id, bookings.customerId))
          .leftJoin(businessCustomers, eq(businessCustomers.customerId, bookings.customerId))
          .where(inArray(bookings.id, ids));
  const byId = new Map(facts.map((f) => [f.id, f]));
  return docs.map((d) => {
    const f = byId.get(d.bookingId);
    // A business customer is invoiced as the company (issueInvoiceIfDue): its invoices go to billing.
    return { ...d, email: f?.billingEmail ?? f?.email ?? "", serviceAt: f?.startsAt ?? d.taxPoint };
  });
}
