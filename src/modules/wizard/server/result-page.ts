import "server-only";
import type { BookingStatus } from "@/lib/enums";
import { mayEmail } from "@/modules/accounts/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { getDb } from "@/server/db";
import { bookingMoney } from "@/lib/booking/booking-money";
import {
  bookingPromises,
  cancellationPromiseSentence,
  reminderPromiseSentence,
} from "@/modules/bookings/domain/booking-promises";
import { bookingPagePath } from "@/modules/bookings/links";
import { findBookingForViewer, isOwner, type BookingView, getBookingView } from "@/modules/bookings/server";
import {
  latestRefundFact,
  type RefundFact,
  type ReturnState,
  verifyCheckoutOnReturn,
} from "@/modules/payments/server";

// Everything the three /booking/* result pages show, read in one place: access (owner or token, else
// null → 404), the payment facts (the payments module's word on the latest checkout — settling a paid one
// on the spot — and any refund), and the booking as it stands after that.

type Viewed = { id: string; status: BookingStatus };

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
  refund: RefundFact | null;
  business: {
    name: string;
    phone: string;
    email: string;
  };
  /** What this booking is promised, computed for it and now (domain/booking-promises.ts). */
  promises: { cancellation: string; reminder: string | null };
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
  const payment = asksProvider(input.page, booking)
    ? await verifyCheckoutOnReturn(db, booking.id, now)
    : null;
  const [view, settings, refund, remindersOn] = await Promise.all([
    getBookingView(db, booking.id),
    getSettingsOrThrow(db),
    latestRefundFact(db, booking.id),
    mayEmail(db, booking.customerId, "reminder"),
  ]);
  const money = bookingMoney(booking);
  const promised = {
    startsAt: booking.startsAt,
    chargeMinor: money.chargeMinor,
    paidMinor: Math.max(0, money.netPaidMinor),
    chosenAt: booking.timeChosenAt ?? booking.createdAt,
    remindersOn: !booking.reminderSentAt && remindersOn,
    onAccount: booking.payBy !== null,
  };
  const promises = bookingPromises(promised, settings, now);
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
    refund,
    business: {
      name: settings.businessName,
      phone: settings.contactPhone,
      email: settings.contactEmail,
    },
    promises: {
      cancellation: cancellationPromiseSentence(promises, settings, promised, "booked"),
      reminder: reminderPromiseSentence(promises),
    },
  };
}

const asksProvider = (page: BookingResultPage, booking: Viewed) =>
  page === "payment-complete" || booking.status === "pending_payment";
