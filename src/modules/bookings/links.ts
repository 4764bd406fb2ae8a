// The /booking/* pages and the calendar file open with the booking's reference and its unguessable access
// token, so a guest can reach them from the confirmation email or the provider's return redirect.

export type BookingPage = "payment-complete" | "payment-cancelled" | "success" | "calendar.ics" | "pay";

export function bookingPagePath(
  page: BookingPage,
  booking: { reference: string; accessToken: string },
): string {
  const query = new URLSearchParams({ ref: booking.reference, token: booking.accessToken });
  return `/booking/${page}?${query.toString()}`;
}

export function bookingPageUrl(
  page: BookingPage,
  booking: { reference: string; accessToken: string },
  appUrl: string,
): string {
  return new URL(bookingPagePath(page, booking), appUrl).toString();
}
