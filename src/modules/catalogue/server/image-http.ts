import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { route } from "@/server/actions/route";
import { getDb } from "@/server/db";
import { uploads } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { MAX_IMAGE_BYTES } from "@/server/images";
import { isUuid } from "@/lib/uuid";
import { getStorage } from "@/server/storage";
import { removeServiceImage, setServiceImage } from "./services";

// The service photo travels as multipart form data (a file does not fit the JSON forms), through the
// same authorise → parse → run path as every action.

const imageInput = z.object({
  id: z.string().uuid(),
  file: z.instanceof(Buffer, { message: "Choose an image file." }),
});

async function readUpload(request: Request): Promise<Buffer | null> {
  // Refuse an oversized body before reading it into memory (the header can lie; the file is checked again).
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_IMAGE_BYTES + 64 * 1024)
    throw new AppError("VALIDATION", undefined, {
      image: ["The image is larger than 5 MB. Choose a smaller one."],
    });
  const form = await request.formData().catch(() => null);
  const file = form?.get("image");
  if (!(file instanceof File) || file.size === 0) return null;
  return Buffer.from(await file.arrayBuffer());
}

export function serviceImageHandler(method: "POST" | "DELETE") {
  return (request: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> => {
    const withId = async () => ({ id: (await ctx.params).id });
    const actorOf = (userId: string, ip: string) => ({ id: userId, ip });
    if (method === "DELETE") {
      return route({
        schema: z.object({ id: z.string().uuid() }),
        requirement: "admin",
        body: { custom: withId },
        handler: async (input, user, { ip }) => {
          await removeServiceImage(await getDb(), getStorage(), actorOf(user.id, ip), input);
          return null;
        },
      })(request);
    }
    return route({
      schema: imageInput,
      requirement: "admin",
      // Read only once the caller is known to be an admin (the adapter authorises first).
      body: { custom: async (req) => ({ ...(await withId()), file: await readUpload(req) }) },
      handler: async (input, user, { ip }) =>
        setServiceImage(await getDb(), getStorage(), actorOf(user.id, ip), input),
    })(request);
  };
}

// "<upload id>" (the extension is not needed: the stored type says what it is); "<id>.webp" as before.
const FILE_NAME = /^([0-9a-f-]{36})(?:\.webp)?$/i;

/** Serves a service photo. Only service photos are public; an upload id never changes its content. */
export async function serveUpload(fileName: string): Promise<Response> {
  const match = FILE_NAME.exec(fileName);
  const notFound = () => new Response("Not found", { status: 404 });
  if (!match?.[1] || !isUuid(match[1])) return notFound();
  const db = await getDb();
  const [row] = await db.select().from(uploads).where(eq(uploads.id, match[1]));
  if (!row || row.purpose !== "service_image") return notFound();
  const data = await getStorage().get(row.key);
  if (!data) return notFound();
  return new Response(new Uint8Array(data), {
    headers: {
      "Content-Type": row.contentType,
      "Content-Length": String(data.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Disposition": "inline",
    },
  });
}
