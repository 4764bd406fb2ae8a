import { calendarFileResponse } from "@/modules/bookings/server/calendar-http";

export async function GET(request: Request) {
  return calendarFileResponse(request);
}
