import { serveJobPhoto } from "@/modules/staff/server";

/** GET — a job photo, for the admin, the job's team or the booking's customer (404 for anyone else). */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return serveJobPhoto(request, (await params).id);
}
