import "server-only";
import { getDb } from "@/server/db";
import { logger } from "@/server/logger";
import { withRequestContext } from "@/server/request-context";
import { type OnlineProviderName, webhookEndpointEnabled } from "../providers/registry";
import { processWebhook } from "./webhook";

const MAX_BODY_BYTES = 512 * 1024;

const json = (status: number, body: unknown) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * The route handler of every provider's webhook endpoint (and of the test provider's Pay and Cancel,
 * which call it in-process with a signed request). 400: the signature did not verify, nothing written;
 * 200: recorded (or a duplicate); 500: retry later — the transaction rolled back, event row included.
 */
export async function handleWebhookRequest(
  provider: OnlineProviderName,
  request: Request,
): Promise<Response> {
  return withRequestContext(async () => {
    // The test provider's endpoint exists only while it is the one taking payments; Stripe's only when
    // its keys are set (without them nothing could be verified).
    if (!webhookEndpointEnabled(provider)) return json(404, { received: false });
    const declared = Number(request.headers.get("content-length") ?? 0);
    if (declared > MAX_BODY_BYTES) return json(413, { received: false });
    const body = new Uint8Array(await request.arrayBuffer());
    if (body.byteLength > MAX_BODY_BYTES) return json(413, { received: false });
    try {
      const result = await processWebhook(await getDb(), provider, body, request.headers);
      if (result.status === 400) logger.warn({ provider }, "webhook rejected: signature did not verify");
      return json(result.status, result.body);
    } catch (err) {
      logger.error({ err, provider }, "webhook processing failed");
      return json(500, { received: false });
    }
  });
}
