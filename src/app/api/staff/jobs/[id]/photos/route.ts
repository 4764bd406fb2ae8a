import { jobPhotoUploadHandler } from "@/modules/staff/server";

/** POST — a before or after photo of a job, as multipart form data (image, kind). */
export const POST = jobPhotoUploadHandler();
