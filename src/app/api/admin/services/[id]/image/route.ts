import { serviceImageHandler } from "@/modules/catalogue/server/image-http";

// Upload (multipart, field "image") or remove a service's photo. Admins only.
export const POST = serviceImageHandler("POST");
export const DELETE = serviceImageHandler("DELETE");
