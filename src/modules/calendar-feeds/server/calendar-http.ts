import "server-only";
import { findBookingForViewer, buildBookingIcs } from "@/modules/bookings/server";
import { getSessionUser } from "@/server/auth";
import { getDb } from "@/server/db";

/** GET /booking/calendar.ics?ref=…&token=… — the booking's calendar file, for its owner or token holder. */
export async function calendarFileResponse(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const viewer = await getSessionUser(request.headers);
  const booking = await findBookingForViewer({
    reference: url.searchParams.get("ref"),
    token: url.searchParams.get("token"),
    viewer,
  });
  if (!booking) return new Response("This page could not be found.", { status: 404 });
  const ics = await buildBookingIcs(await getDb(), booking.id);
  return new Response(ics.content, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${ics.filename}"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex",
    },
  });
}
