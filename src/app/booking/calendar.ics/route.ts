import { calendarFileResponse } from "@/modules/bookings/server";

export async function GET(request: Request) {
  return calendarFileResponse(request);
}
