import { calendarFileResponse } from "@/modules/payments/server/calendar-http";

export async function GET(request: Request) {
  return calendarFileResponse(request);
}
