import { z } from "zod";
import { halfEmptyErrors } from "./domain/bulk-change";

/** Where a grid cell's message lives in `fieldErrors`: `cells.<serviceId>.<vehicleSizeId>.price`. */
export const cellFieldKey = (serviceId: string, vehicleSizeId: string, field: "price" | "duration") =>
  `cells.${serviceId}.${vehicleSizeId}.${field}`;

const cell = z.object({
  serviceId: z.string().uuid(),
  vehicleSizeId: z.string().uuid(),
  // Major units as typed ("45.50"); "" together with an empty duration = not offered for this size.
  price: z.string().max(30),
  duration: z.string().max(20),
  /** The version the admin started from; null = the cell did not exist (not offered) then. */
  baseVersion: z.number().int().min(1).nullable(),
});

/**
 * Only the changed cells are sent. Formats are checked by the use case (it knows the currency's minor
 * unit); here: the shape, one entry per cell, and "both or neither" for price and minutes.
 */
export const savePricesInput = z
  .object({ cells: z.array(cell).min(1, "There is nothing to save.").max(5000) })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    for (const c of input.cells) {
      const key = `${c.serviceId}.${c.vehicleSizeId}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: "custom",
          path: ["cells", c.serviceId, c.vehicleSizeId, "price"],
          message: "This price was sent twice. Reload the page and try again.",
        });
      }
      seen.add(key);
      const half = halfEmptyErrors(c);
      if (half?.price)
        ctx.addIssue({
          code: "custom",
          path: ["cells", c.serviceId, c.vehicleSizeId, "price"],
          message: half.price,
        });
      if (half?.duration)
        ctx.addIssue({
          code: "custom",
          path: ["cells", c.serviceId, c.vehicleSizeId, "duration"],
          message: half.duration,
        });
    }
  });
export type SavePricesInput = z.infer<typeof savePricesInput>;
export type SavePriceCell = SavePricesInput["cells"][number];
