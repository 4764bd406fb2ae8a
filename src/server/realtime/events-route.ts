import "server-only";
import { getSessionWithId, isSessionActive } from "@/server/auth";
import { getRealtimeDatabase } from "./database";
import { getEventHub } from "./hub";
import { createEventStream } from "./sse";

export type EventStreamRouteOptions = {
  /** How often an open stream checks its session again (at most 30 s: issue 28 #4). */
  sessionCheckMs?: number;
  heartbeatMs?: number;
};

/**
 * GET /api/events — Server-Sent Events: the live events the signed-in person may see. Reconnecting
 * clients send Last-Event-ID and receive what they missed. A stream lives only as long as the session
 * that opened it: checked every 20 s, and at once when one of the person's sessions ends (sign-out,
 * removal, deactivation, a password change — notifySessionsEnded), so a removed admin's open tab stops
 * receiving admin events within moments.
 */
export function eventStreamHandler(options: EventStreamRouteOptions = {}) {
  return async function GET(request: Request): Promise<Response> {
    const signedIn = await getSessionWithId(request.headers);
    if (!signedIn) return new Response("Sign in to receive live updates.", { status: 401 });
    const { user, sessionId } = signedIn;
    const raw = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("lastEventId");
    const parsed = raw === null ? undefined : Number.parseInt(raw, 10);
    const lastEventId =
      parsed !== undefined && Number.isSafeInteger(parsed) && parsed >= 0 ? parsed : undefined;
    const stream = createEventStream({
      hub: getEventHub(await getRealtimeDatabase()),
      viewer: { userId: user.id, role: user.role },
      lastEventId,
      signal: request.signal,
      sessionAlive: () => isSessionActive(sessionId, user),
      sessionCheckMs: options.sessionCheckMs ?? 20_000,
      heartbeatMs: options.heartbeatMs,
    });
    return new Response(stream, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store, no-transform",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      },
    });
  };
}
