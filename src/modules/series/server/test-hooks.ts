import "server-only";
import { getDb } from "@/server/db";
import { extendSeries } from "./extend-series";

// Used only by the end-to-end suite through /api/test/* (which exist only with ENABLE_TEST_ROUTES): the
// daily job of repeat bookings, now, instead of waiting for 02:23.
export async function runSeriesExtend() {
  return extendSeries(await getDb());
}
