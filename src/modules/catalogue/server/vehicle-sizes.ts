import "server-only";
import { eq } from "drizzle-orm";
import { writeAudit } from "@/server/audit";
import type { DbOrTx } from "@/server/db";
import { prices, vehicles, vehicleSizes } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { UpdateVehicleSizeInput, VehicleSizeInput } from "../schemas";
import {
  type Actor,
  countWhere,
  insertRow,
  nameTakenOr,
  type OrderedListConfig,
  plural,
} from "./ordered-list";

export const vehicleSizeList = {
  table: vehicleSizes,
  entity: "vehicle_size",
  usedBy: async (tx, id) => {
    const priced = await countWhere(tx, prices, prices.vehicleSizeId, id);
    const owned = await countWhere(tx, vehicles, vehicles.vehicleSizeId, id);
    if (priced > 0) return `${plural(priced, "price uses", "prices use")} it`;
    if (owned > 0) return `${plural(owned, "customer vehicle is", "customer vehicles are")} this size`;
    return null;
  },
} satisfies OrderedListConfig;

const nameTaken = () =>
  new AppError("VALIDATION", undefined, { name: ["A size with this name already exists."] });

export async function createVehicleSize(db: DbOrTx, actor: Actor, input: VehicleSizeInput): Promise<string> {
  return db.transaction(async (tx) => insertRow(tx, vehicleSizeList, actor, input, nameTaken));
}

export async function updateVehicleSize(
  db: DbOrTx,
  actor: Actor,
  input: UpdateVehicleSizeInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(vehicleSizes).where(eq(vehicleSizes.id, input.id)).for("update");
    if (!before) throw new AppError("NOT_FOUND");
    try {
      await tx
        .update(vehicleSizes)
        .set({ name: input.name, description: input.description, examples: input.examples })
        .where(eq(vehicleSizes.id, input.id));
    } catch (err) {
      throw nameTakenOr(err, nameTaken);
    }
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "vehicle_size.updated",
      entity: "vehicle_size",
      entityId: input.id,
      summary: {
        from: { name: before.name, description: before.description, examples: before.examples },
        to: input,
      },
    });
  });
}
