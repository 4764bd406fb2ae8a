import { serveUpload } from "@/modules/catalogue/server";

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  return serveUpload((await params).file);
}
