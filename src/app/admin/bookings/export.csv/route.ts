import { adminBookingsCsvResponse } from "@/modules/booking-list/server";
import { getSessionUser } from "@/server/auth";

// The bookings table's filtered set as CSV. Admins only (a visitor gets 401, a customer 404).
export async function GET(request: Request) {
  return adminBookingsCsvResponse(request, await getSessionUser(request.headers));
}
