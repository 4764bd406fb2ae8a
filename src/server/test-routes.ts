import "server-only";
import { getEnv } from "@/env";

/** Routes that exist only for the end-to-end suite; never in a normal start. */
export function testRoutesEnabled(): boolean {
  return getEnv().ENABLE_TEST_ROUTES;
}
