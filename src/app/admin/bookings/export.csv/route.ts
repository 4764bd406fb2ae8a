import { adminBookingsCsvResponse } from "@/modules/bookings/server";

// The bookings table's filtered set as CSV. Admins only (a visitor gets 401, a customer 404).
export const GET = adminBookingsCsvResponse;
