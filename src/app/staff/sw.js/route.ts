import { staffServiceWorker } from "@/modules/staff/server";

/** The technician's day's service worker (scope /staff): the list stays readable with no signal. */
export function GET() {
  return staffServiceWorker();
}
