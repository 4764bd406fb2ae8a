import { eventStreamHandler } from "@/server/realtime/events-route";

// Server-Sent Events: the live events the signed-in person may see, for as long as their session lasts.
export const GET = eventStreamHandler();
