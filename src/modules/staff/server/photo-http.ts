import "server-only";
import { z } from "zod";
import { route } from "@/server/actions/route";
import { getSessionUser } from "@/server/auth";
import { getDb } from "@/server/db";
import { AppError } from "@/server/errors";
import { MAX_IMAGE_BYTES } from "@/server/images";
import { isUuid } from "@/lib/uuid";
import { getStorage } from "@/server/storage";
import { photoKindInput } from "../schemas";
import { addJobPhoto, readJobPhoto } from "./job-photos";

// A job photo travels as multipart form data (a file does not fit the JSON forms), through the same
// authorise → parse → run path as every action (the service photo's twin, catalogue/server/image-http.ts).

const photoInput = z.object({
  bookingId: z.string().uuid(),
  kind: photoKindInput,
  image: z.instanceof(Buffer, { message: "Take a photo or choose one." }),
});

async function readPhoto(request: Request): Promise<{ image: Buffer | null; kind: unknown }> {
  // Refuse an oversized body before reading it into memory (the header can lie; the file is checked again).
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_IMAGE_BYTES + 64 * 1024)
    throw new AppError("VALIDATION", undefined, {
      image: ["The photo is larger than 5 MB. Take it again at a smaller size."],
    });
  const form = await request.formData().catch(() => null);
  const file = form?.get("image");
  return {
    kind: form?.get("kind"),
    image: file instanceof File && file.size > 0 ? Buffer.from(await file.arrayBuffer()) : null,
  };
}

export function jobPhotoUploadHandler() {
  return (request: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> =>
    route({
      schema: photoInput,
      // Staff on their own teams' jobs (and the admin): the use case checks the job is theirs.
      requirement: "signed_in",
      body: {
        // Only the job's crew can add one: a customer learns nothing, not even the form's shape.
        custom: async (req, user) => {
          if (user.role !== "staff" && user.role !== "admin") throw new AppError("NOT_FOUND");
          return { bookingId: (await ctx.params).id, ...(await readPhoto(req)) };
        },
      },
      handler: async (input, user, { ip }) =>
        addJobPhoto(await getDb(), getStorage(), { id: user.id, ip }, { ...input, file: input.image }),
    })(request);
}

/** Serves a job photo to someone allowed to see it; private to the browser (never a shared cache). */
export async function serveJobPhoto(request: Request, id: string): Promise<Response> {
  const notFound = () => new Response("Not found", { status: 404 });
  if (!isUuid(id)) return notFound();
  const user = await getSessionUser(request.headers);
  if (!user) return notFound();
  const size = new URL(request.url).searchParams.get("size") === "thumb" ? "thumb" : "full";
  const photo = await readJobPhoto(await getDb(), getStorage(), user, id, size);
  if (!photo) return notFound();
  return new Response(new Uint8Array(photo.data), {
    headers: {
      "Content-Type": photo.contentType,
      "Content-Length": String(photo.data.byteLength),
      "Cache-Control": "private, max-age=86400",
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
