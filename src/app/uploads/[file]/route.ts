import { serveUpload } from "@/modules/catalogue/server/image-http";

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  return serveUpload((await params).file);
}
