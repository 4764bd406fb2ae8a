import { getSessionUser } from "@/server/auth";
import { getEventHub } from "@/server/realtime/hub";
import { createEventStream } from "@/server/realtime/sse";
import { getRealtimeDatabase } from "@/server/realtime/database";

// Server-Sent Events: the live events the signed-in person may see. Reconnecting clients send
// Last-Event-ID and receive what they missed.
export async function GET(request: Request) {
  const user = await getSessionUser(request.headers);
  if (!user) return new Response("Sign in to receive live updates.", { status: 401 });
  const raw = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("lastEventId");
  const parsed = raw === null ? undefined : Number.parseInt(raw, 10);
  const lastEventId =
    parsed !== undefined && Number.isSafeInteger(parsed) && parsed >= 0 ? parsed : undefined;
  const hub = getEventHub(await getRealtimeDatabase());
  const stream = createEventStream({
    hub,
    viewer: { userId: user.id, role: user.role },
    lastEventId,
    signal: request.signal,
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
