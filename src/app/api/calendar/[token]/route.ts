import { calendarFeedResponse } from "@/modules/calendar-feeds/server";

/** A private calendar feed (ADR 0027): the token is the only credential; 404 for unknown or revoked. */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  return calendarFeedResponse((await params).token);
}
