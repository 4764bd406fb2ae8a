import { staffManifest } from "@/modules/staff/server";

/** The technician's day as an app on the home screen. */
export function GET() {
  return staffManifest();
}
