import "server-only";
import { desc, eq } from "drizzle-orm";
import { formatMoney } from "@/lib/money";
import { findBookingForViewer, isOwner } from "@/modules/bookings/server/booking-access";
import { type BookingView, getBookingView } from "@/modules/bookings/server/booking-view";
import { getSettingsOrThrow } from "@/modules/settings/server/queries";
import { getDb } from "@/server/db";
import { payments, refunds } from "@/server/db/schema";
import { bookingPagePath } from "@/modules/bookings/links";
import { type ReturnState, verifyCheckoutOnReturn } from "./verify-return";

// Everything the three /booking/* result pages show, read in one place: access (owner or token, else
// null → 404), the provider's word on the latest checkout, and the booking as it stands after that.

export type BookingResultPage = "payment-complete" | "payment-cancelled" | "success";

export type BookingResult = {
  page: BookingResultPage;
  view: BookingView;
  /** For the Try again / Cancel actions and the links between the pages. */
  access: { reference: string; token: string };
  links: { paymentComplete: string; paymentCancelled: string; success: string; calendar: string };
  /** Signed in as the booking's owner (live updates); otherwise a token holder (a guest, or signed out). */
  viewerIsOwner: boolean;
  payment: ReturnState | null;
  /** Waiting for payment, the hold still running, and something to pay. */
  canPay: boolean;
  refund: { amount: string; status: "pending" | "succeeded" | "failed" } | null;
  business: {
    name: string;
    phone: string;
    email: string;
    reminderLeadHours: number;
    freeCancellationHours: number;
  };
};

export async function loadBookingResult(input: {
  page: BookingResultPage;
  reference: string | undefined;
  token: string | undefined;
  viewer: { id: string } | null;
  now?: Date;
}): Promise<BookingResult | null> {
  const now = input.now ?? new Date();
  const db = await getDb();
  const booking = await findBookingForViewer({ ...input, db });
  if (!booking) return null;
  // The return page always asks the provider; the others only while the booking still waits for money
  // (it may have been paid in another tab).
  const payment =
    input.page === "payment-complete" || booking.status === "pending_payment"
      ? await verifyCheckoutOnReturn(db, booking.id, now)
      : null;
  const [view, settings, [latestRefund]] = await Promise.all([
    getBookingView(db, booking.id),
    getSettingsOrThrow(db),
    db
      .select({ amountMinor: refunds.amountMinor, status: refunds.status, currency: payments.currency })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.bookingId, booking.id))
      .orderBy(desc(refunds.createdAt))
      .limit(1),
  ]);
  const holdRunning = !view.holdExpiresAt || new Date(view.holdExpiresAt) > now;
  return {
    page: input.page,
    view,
    access: { reference: booking.reference, token: booking.accessToken },
    links: {
      paymentComplete: bookingPagePath("payment-complete", booking),
      paymentCancelled: bookingPagePath("payment-cancelled", booking),
      success: bookingPagePath("success", booking),
      calendar: bookingPagePath("calendar.ics", booking),
    },
    viewerIsOwner: isOwner(booking, input.viewer),
    payment,
    canPay: view.status === "pending_payment" && holdRunning && view.dueNowMinor > 0,
    refund: latestRefund
      ? { amount: formatMoney(latestRefund.amountMinor, latestRefund.currency), status: latestRefund.status }
      : null,
    business: {
      name: settings.businessName,
      phone: settings.contactPhone,
      email: settings.contactEmail,
      reminderLeadHours: settings.reminderLeadHours,
      freeCancellationHours: settings.freeCancellationHours,
    },
  };
}
