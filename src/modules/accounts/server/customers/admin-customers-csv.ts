import "server-only";
import { localDateOf } from "@/lib/dates";
import { csvDateTime, csvDecimal, csvRow } from "@/lib/csv";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { SessionUser } from "@/server/auth";
import { getDb } from "@/server/db";
import { csvDownloadResponse } from "@/server/http";
import { parseAdminCustomersQuery } from "../../admin-customers-filters";
import { type AdminCustomerRow, adminCustomerBatches, type CustomerFactsSource } from "./admin-customers";

// GET /admin/customers/export.csv?<the table's filters> — the filtered set as a CSV download, streamed
// batch by batch, with the bookings CSV's rules (formula-safe text cells, RFC 4180, BOM, amounts as
// plain decimals in the business currency, times in the business zone with its name).

const HEADER = [
  "Name",
  "Email",
  "Phone",
  "Bookings",
  "Last booking",
  "Next booking",
  "Time zone",
  "Currency",
  "Lifetime value",
  "Owed",
  "Marketing consent",
  "Deactivated",
  "Joined",
];

export function adminCustomerCsvRecord(r: AdminCustomerRow, timeZone: string, currency: string): string {
  return csvRow([
    r.name,
    r.email,
    r.phone,
    String(r.bookings),
    r.lastAt ? csvDateTime(r.lastAt, timeZone) : "",
    r.nextAt ? csvDateTime(r.nextAt, timeZone) : "",
    timeZone,
    currency,
    csvDecimal(r.valueMinor, currency),
    csvDecimal(r.owedMinor, currency),
    r.marketingConsent ? "Yes" : "No",
    r.deactivated ? "Yes" : "No",
    csvDateTime(r.joinedAt, timeZone),
  ]);
}

/** The download for `viewer` (the route passes the session's person; the check is made here). */
export async function adminCustomersCsvResponse(
  request: Request,
  viewer: Pick<SessionUser, "role"> | null,
  source: CustomerFactsSource,
): Promise<Response> {
  if (!viewer) return new Response("Sign in to download customers.", { status: 401 });
  if (viewer.role !== "admin") return new Response("This page could not be found.", { status: 404 });
  const db = await getDb();
  const { timeZone, currency } = await getSettingsOrThrow(db);
  const query = parseAdminCustomersQuery(new URL(request.url).searchParams);
  const batches = adminCustomerBatches(db, viewer, query, source);
  async function* records() {
    for await (const batch of batches)
      yield batch.map((r) => adminCustomerCsvRecord(r, timeZone, currency)).join("");
  }
  const date = localDateOf(new Date(), timeZone);
  return csvDownloadResponse(`customers-${date}.csv`, HEADER, records(), "customers CSV export failed");
}
