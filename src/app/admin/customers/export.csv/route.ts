import { adminCustomersCsvResponse } from "@/modules/accounts/server";
import { customerFactsSource } from "@/modules/bookings/server";
import { getSessionUser } from "@/server/auth";

// The customers table's filtered set as CSV. Admins only (a visitor gets 401, a customer 404).
export async function GET(request: Request) {
  return adminCustomersCsvResponse(request, await getSessionUser(request.headers), customerFactsSource);
}
