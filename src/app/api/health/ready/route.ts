import { readinessResponse } from "@/server/health";
import { withRequestContext } from "@/server/request-context";

// For load balancers: 200 while this instance can serve requests (its database answers). Unlike
// /api/health, an email or worker outage does not take the instance out of rotation.
export async function GET(request: Request) {
  return withRequestContext(() => readinessResponse(request));
}
