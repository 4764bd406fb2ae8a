import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { formatMoney } from "@/lib/money";
import { getEnv } from "@/env";
import { findUserById } from "@/modules/accounts/server";
import { type BookingView, getBookingView } from "./booking-view";
import { enqueueEmail } from "@/modules/notifications/server";
import {
  alertHeadline,
  type BookingEmailSummary,
  type PaymentAlertKind,
} from "@/modules/notifications/templates/booking";
import { getSettingsOrThrow, type Settings } from "@/modules/settings/server";
import type { DbOrTx, Tx } from "@/server/db";
import { bookingEvents, bookings, emails } from "@/server/db/schema";
import { bookingPageUrl } from "../links";
import { buildBookingIcs } from "./booking-ics";

// The booking emails, queued in the caller's transaction (they go out if and only if it commits).
// "received": the booking exists and waits for payment (or approval); "confirmed": it is booked, with
// its calendar file. The business hears of every new booking once.

export const adminAddress = (s: Settings) => s.adminNotificationEmail ?? s.contactEmail;
export const adminBookingUrl = (bookingId: string) =>
  new URL(`/admin/bookings/${bookingId}`, getEnv().APP_URL).toString();

function summaryOf(view: BookingView): BookingEmailSummary {
  return {
    reference: view.reference,
    title: view.title,
    date: view.date,
    timeRange: view.timeRange,
    vehicle: view.vehicleLabel,
    address: view.addressLine,
    items: view.items.map((i) => ({ name: i.name, price: i.price })),
    total: view.total,
    paid: view.paid,
    paidMinor: view.paidMinor,
    // What is left for the day once what is due now is paid (not the whole unpaid total of a booking
    // still waiting for its online payment).
    balance: view.onTheDay,
    balanceMinor: view.onTheDayMinor,
  };
}

/** The booking, its view, its reachable customer (null once erased) and the settings, for an email. */
export async function bookingContext(tx: DbOrTx, bookingId: string) {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new Error(`booking ${bookingId} not found`);
  const [view, customer, settings] = await Promise.all([
    getBookingView(tx, bookingId),
    findUserById(tx, booking.customerId),
    getSettingsOrThrow(tx),
  ]);
  // An erased account has no address to write to.
  const reachable = customer && !customer.anonymisedAt ? customer : null;
  return { booking, view, customer: reachable, settings };
}

async function enqueueNewBookingForAdmin(tx: DbOrTx, ctx: Awaited<ReturnType<typeof bookingContext>>) {
  const [sent] = await tx
    .select({ id: emails.id })
    .from(emails)
    .where(and(eq(emails.bookingId, ctx.booking.id), eq(emails.template, "booking-new-admin")))
    .limit(1);
  if (sent) return;
  await enqueueEmail(tx, {
    to: adminAddress(ctx.settings),
    template: "booking-new-admin",
    bookingId: ctx.booking.id,
    data: {
      summary: summaryOf(ctx.view),
      statusLabel: ctx.view.statusLabel,
      customerName: ctx.customer?.name ?? "(erased account)",
      customerEmail: ctx.customer?.email ?? "",
      customerPhone: ctx.customer?.phone ?? null,
      notes: ctx.booking.customerNotes,
      adminUrl: adminBookingUrl(ctx.booking.id),
    },
  });
}

export async function enqueueBookingEmails(
  tx: Tx,
  bookingId: string,
  kind: "received" | "confirmed",
): Promise<void> {
  const ctx = await bookingContext(tx, bookingId);
  const { booking, view, customer } = ctx;
  const appUrl = getEnv().APP_URL;
  if (customer && kind === "received") {
    const awaiting = booking.status === "awaiting_approval" ? "approval" : "payment";
    await enqueueEmail(tx, {
      to: customer.email,
      template: "booking-received",
      bookingId,
      userId: customer.id,
      data: {
        name: customer.name,
        summary: summaryOf(view),
        url: bookingPageUrl("success", booking, appUrl),
        awaiting,
        dueNow: view.dueNow,
        holdUntil: awaiting === "payment" ? view.holdExpiresAtTime : null,
      },
    });
  }
  if (customer && kind === "confirmed") {
    const ics = await buildBookingIcs(tx, bookingId);
    const a = booking.addressSnapshot;
    await enqueueEmail(tx, {
      to: customer.email,
      template: "booking-confirmed",
      bookingId,
      userId: customer.id,
      data: {
        name: customer.name,
        summary: summaryOf(view),
        url: bookingPageUrl("success", booking, appUrl),
        site: {
          water: a.hasWater,
          power: a.hasPower,
          covered: a.hasCoveredSpace,
          accessNotes: a.accessNotes,
        },
      },
      attachments: [
        {
          filename: ics.filename,
          contentType: `text/calendar; charset=utf-8; method=${ics.method}`,
          content: Buffer.from(ics.content, "utf8").toString("base64"),
        },
      ],
    });
  }
  await enqueueNewBookingForAdmin(tx, ctx);
}

export type BusinessAlert = {
  bookingId: string;
  kind: PaymentAlertKind;
  amountMinor: number;
  currency: string;
  /** What happened, in a sentence or two. */
  detail: string;
};

/**
 * Tells the business address (settings) about money that moved or a booking that ended, through the
 * outbox in the caller's transaction, and notes on the booking's timeline that it was told. The one
 * mechanism for every alert (payments' refunds and receipts, cancellations and expiries here).
 */
export async function enqueueBusinessAlert(tx: DbOrTx, alert: BusinessAlert): Promise<void> {
  const [booking] = await tx
    .select({ reference: bookings.reference })
    .from(bookings)
    .where(eq(bookings.id, alert.bookingId));
  const settings = await getSettingsOrThrow(tx);
  const to = adminAddress(settings);
  await enqueueEmail(tx, {
    to,
    template: "payment-alert-admin",
    bookingId: alert.bookingId,
    data: {
      kind: alert.kind,
      reference: booking?.reference ?? "",
      amount: formatMoney(alert.amountMinor, alert.currency),
      detail: alert.detail,
      adminUrl: adminBookingUrl(alert.bookingId),
    },
  });
  await tx.insert(bookingEvents).values({
    bookingId: alert.bookingId,
    type: "email_sent",
    toValue: "business",
    data: { template: "payment-alert-admin", kind: alert.kind, to, headline: alertHeadline(alert.kind) },
    at: sql`clock_timestamp()`,
  });
}
