import "server-only";
import sharp from "sharp";
import { AppError } from "./errors";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "gif", "heif", "tiff"]);
const MAX_EDGE = 1600;

export type ProcessedImage = { data: Buffer; width: number; height: number; contentType: "image/webp" };

const invalid = (message: string) => new AppError("VALIDATION", message, { image: [message] });

/**
 * Accepts an uploaded image by what it contains, not by its name or declared type: decodes it, rotates
 * it upright, fits it within 1600 px and re-encodes it as WebP. Re-encoding drops every piece of
 * metadata (EXIF location, camera, comments) and anything hidden after the image data.
 */
export async function processUploadedImage(input: Buffer): Promise<ProcessedImage> {
  if (input.byteLength === 0) throw invalid("Choose an image file.");
  if (input.byteLength > MAX_IMAGE_BYTES)
    throw invalid("The image is larger than 5 MB. Choose a smaller one.");
  let format: string | undefined;
  try {
    // limitInputPixels guards against decompression bombs (a tiny file that decodes to gigapixels).
    format = (await sharp(input, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format))
    throw invalid("This file isn't an image we can use. Choose a JPEG, PNG, WebP or AVIF photo.");
  try {
    const { data, info } = await sharp(input, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, contentType: "image/webp" };
  } catch {
    throw invalid("This image couldn't be read. It may be damaged — try another file.");
  }
}

/** The longest edge of a stored image's thumbnail: two or three across a phone, sharp on a 2× screen. */
export const THUMBNAIL_EDGE = 480;

/**
 * A small copy of an image this server has already processed, for lists and galleries: a 1600 px photo
 * of ~200–400 KB becomes ~20–40 KB, so a page of 20 photos doesn't cost a phone megabytes.
 */
export async function thumbnailOf(processed: Buffer): Promise<Buffer> {
  return sharp(processed)
    .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}
