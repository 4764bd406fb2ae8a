import "server-only";
import { headers } from "next/headers";
import { withLogContext } from "./logger";

/**
 * Runs `fn` with the request id (set by src/proxy.ts, echoed in the response) in the log context, so
 * every log line written while handling the request carries it.
 */
export async function withRequestContext<T>(fn: () => Promise<T>): Promise<T> {
  let requestId: string | undefined;
  try {
    requestId = (await headers()).get("x-request-id") ?? undefined;
  } catch {
    // Outside a request (a script or a job): no request id.
  }
  return withLogContext({ requestId }, fn);
}
