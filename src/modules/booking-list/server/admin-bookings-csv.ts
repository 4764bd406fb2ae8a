import "server-only";
import { localDateOf } from "@/lib/dates";
import { csvDateTime, csvDecimal, csvRow } from "@/lib/csv";
import { rowMoneyLabel } from "../domain/row-money";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { SessionUser } from "@/server/auth";
import { getDb } from "@/server/db";
import { csvDownloadResponse } from "@/server/http";
import { type AdminBookingRow, adminBookingBatches } from "./admin-bookings";
import { parseAdminBookingsQuery } from "./admin-bookings-filters";
import { bookingStatusLabel } from "@/modules/bookings/server";

// GET /admin/bookings/export.csv?<the table's filters> — the filtered set as a CSV download, streamed
// batch by batch (100,000 rows never sit in memory at once).

const HEADER = [
  "Reference",
  "Starts",
  "Ends",
  "Time zone",
  "Customer",
  "Email",
  "Phone",
  "Vehicle",
  "Registration",
  "Postcode",
  "Services",
  "Team",
  "Status",
  "Payment",
  "Source",
  "Currency",
  // The money definition's columns (ADR 0040), so that each row reconciles by itself:
  // List price − Discounts and goodwill = Charge while the booking stands; a closed (cancelled, declined,
  // expired, missed) booking's Charge is its Fee charged;
  // Paid − Refunded = Charge − Due + Refundable, always.
  "List price",
  "Discounts and goodwill",
  "Fee charged",
  "Charge",
  "Paid",
  "Refunded",
  "Due",
  "Refundable",
];

export function adminBookingCsvRecord(r: AdminBookingRow, timeZone: string): string {
  const money = (minor: number) => csvDecimal(minor, r.currency);
  return csvRow([
    r.reference,
    csvDateTime(r.startsAt, timeZone),
    csvDateTime(r.endsAt, timeZone),
    timeZone,
    r.customerName,
    r.customerEmail,
    r.customerPhone,
    r.vehicle,
    r.registration,
    r.postcode,
    r.services,
    r.teamName,
    bookingStatusLabel(r),
    rowMoneyLabel(r),
    r.source === "admin" ? "Admin" : "Online",
    r.currency,
    money(r.totalMinor),
    money(r.adjustmentMinor),
    r.feeMinor === null ? "" : money(r.feeMinor),
    money(r.chargeMinor),
    money(r.paidMinor),
    money(r.refundedMinor),
    money(r.dueMinor),
    money(r.refundableMinor),
  ]);
}

/** The download for `viewer` (the route passes the session's person; the check is made here). */
export async function adminBookingsCsvResponse(
  request: Request,
  viewer: Pick<SessionUser, "role"> | null,
): Promise<Response> {
  if (!viewer) return new Response("Sign in to download bookings.", { status: 401 });
  if (viewer.role !== "admin") return new Response("This page could not be found.", { status: 404 });
  const db = await getDb();
  const { timeZone } = await getSettingsOrThrow(db);
  const query = parseAdminBookingsQuery(new URL(request.url).searchParams);
  const batches = adminBookingBatches(db, viewer, query, timeZone);
  async function* records() {
    for await (const batch of batches) yield batch.map((r) => adminBookingCsvRecord(r, timeZone)).join("");
  }
  const date = localDateOf(new Date(), timeZone);
  return csvDownloadResponse(`bookings-${date}.csv`, HEADER, records(), "bookings CSV export failed");
}
