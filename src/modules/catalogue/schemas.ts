import { z } from "zod";
import { SERVICE_KINDS, VISIT_MODES } from "@/lib/enums";

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

// Services. Form values arrive as text; sort order may be blank (= the end of its category).
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const serviceInput = z.object({
  name,
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(60, "Use at most 60 characters.")
    .refine((v) => v === "" || SLUG_PATTERN.test(v), {
      message: "Use lower-case letters, numbers and single hyphens, e.g. full-valet.",
    })
    .default(""),
  categoryId: z.string().uuid("Choose a category."),
  kind: z.enum(SERVICE_KINDS, { message: "Choose whether this is a package or an add-on." }),
  shortDescription: z.string().trim().max(200, "Use at most 200 characters.").default(""),
  longDescription: z.string().trim().max(5000, "Use at most 5,000 characters.").default(""),
  addonCategoryIds: z.array(z.string().uuid()).max(50).default([]),
  isActive: z.boolean().default(true),
  spansBreaks: z.boolean().default(true),
  multiDayMode: z.enum(VISIT_MODES, { message: "Choose how a job of several days runs." }).default("mobile"),
  sortOrder: z
    .union([z.number(), z.string().trim()])
    .transform((v, ctx) => {
      if (v === "") return null;
      const n = typeof v === "number" ? v : Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 9999) {
        ctx.addIssue({ code: "custom", message: "Enter a whole number from 0 to 9999, or leave it empty." });
        return z.NEVER;
      }
      return n;
    })
    .prefault(""),
  maintenanceIntervalMonths: z
    .union([z.number(), z.string().trim()])
    .transform((v, ctx) => {
      if (v === "") return null;
      const n = typeof v === "number" ? v : Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 60) {
        ctx.addIssue({
          code: "custom",
          message: "Enter a whole number of months from 1 to 60, or leave it empty.",
        });
        return z.NEVER;
      }
      return n;
    })
    .prefault(""),
});
export type ServiceInput = z.output<typeof serviceInput>;

export const updateServiceInput = serviceInput.extend({ id: z.string().uuid() });
export type UpdateServiceInput = z.output<typeof updateServiceInput>;
