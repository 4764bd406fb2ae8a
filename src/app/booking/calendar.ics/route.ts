import { calendarFileResponse } from "@/modules/calendar-feeds/server";

export async function GET(request: Request) {
  return calendarFileResponse(request);
}
