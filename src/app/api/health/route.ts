import { healthResponse } from "@/server/health";
import { withRequestContext } from "@/server/request-context";

// Up or down for anyone; the checks' details only with the metrics token or an admin's session.
export async function GET(request: Request) {
  return withRequestContext(() => healthResponse(request));
}
