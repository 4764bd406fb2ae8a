import { createTestBooking, testBookingInput } from "@/modules/bookings/server/test-hooks";
import { testRoute } from "@/server/test-routes";

// End-to-end tests only (ENABLE_TEST_ROUTES=1): a booking in a given status for the admin's booking page.
async function handlePost(request: Request) {
  const parsed = testBookingInput.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ ok: false }, { status: 400 });
  const booking = await createTestBooking(parsed.data);
  if (!booking) return Response.json({ ok: false }, { status: 404 });
  return Response.json({ ok: true, data: booking });
}

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = testRoute({ POST: handlePost });
