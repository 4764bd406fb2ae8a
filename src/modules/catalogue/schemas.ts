import { z } from "zod";

const name = z.string().trim().min(1, "Enter a name.").max(80, "Use at most 80 characters.");
const description = z.string().trim().max(500, "Use at most 500 characters.");

export const slugify = (value: string) =>
  value
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);

export const categoryInput = z.object({ name, description: description.default("") });
export type CategoryInput = z.infer<typeof categoryInput>;

export const updateCategoryInput = categoryInput.extend({ id: z.string().uuid() });
export type UpdateCategoryInput = z.infer<typeof updateCategoryInput>;

export const vehicleSizeInput = z.object({
  name,
  description: description.default(""),
  examples: z.string().trim().max(200, "Use at most 200 characters.").default(""),
});
export type VehicleSizeInput = z.infer<typeof vehicleSizeInput>;

export const updateVehicleSizeInput = vehicleSizeInput.extend({ id: z.string().uuid() });
export type UpdateVehicleSizeInput = z.infer<typeof updateVehicleSizeInput>;

export const idInput = z.object({ id: z.string().uuid() });
export const moveInput = z.object({ id: z.string().uuid(), direction: z.enum(["up", "down"]) });
export type MoveInput = z.infer<typeof moveInput>;
export const activeInput = z.object({ id: z.string().uuid(), isActive: z.boolean() });
export type ActiveInput = z.infer<typeof activeInput>;
