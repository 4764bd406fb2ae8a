import { serviceImageHandler } from "@/modules/catalogue/server";

// Upload (multipart, field "image") or remove a service's photo. Admins only.
export const POST = serviceImageHandler("POST");
export const DELETE = serviceImageHandler("DELETE");
