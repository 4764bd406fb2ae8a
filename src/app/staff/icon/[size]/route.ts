import { staffIcon } from "@/modules/staff/server";

/** The home-screen icon of the technician's day (192 or 512 px). */
export async function GET(_request: Request, { params }: { params: Promise<{ size: string }> }) {
  return staffIcon((await params).size);
}
