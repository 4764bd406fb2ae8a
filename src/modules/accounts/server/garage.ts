import "server-only";
import { port } from "@/server/ports";
import { and, asc, desc, eq, isNull, ne } from "drizzle-orm";
import { type DbOrTx, getDb, type Tx } from "@/server/db";
import { addresses, vehicleSizes, vehicles } from "@/server/db/schema";
import { AppError, constraintOf, SQLSTATE, sqlState } from "@/server/errors";
import type { SavedAddressInput, SavedVehicleInput } from "../garage-schemas";

// A customer's saved vehicles and addresses, managed from /dashboard/vehicles and /dashboard/addresses.
// Every read and write is scoped to the signed-in owner: someone else's id is "not found". Deleting is
// soft (the bookings that used it keep their own snapshot) and is refused while an upcoming booking uses
// it: the bookings module answers that question, wired in by the composition root (accounts never reads
// bookings — bookings depends on accounts).

type Owner = { id: string };
type Options = { now?: Date };
/** Finds a booking that isn't over and uses the vehicle or address: its reference, or null. */
export type LiveBookingUsing = (
  db: DbOrTx,
  customerId: string,
  entry: { vehicleId: string } | { addressId: string },
) => Promise<{ reference: string; startsAt: Date } | null>;

// Passed in by the composition root: the bookings module's answer (bookings depends on accounts).
declare module "@/server/ports" {
  interface Ports {
    liveBookingUsing: LiveBookingUsing;
  }
}

export type GarageVehicle = typeof vehicles.$inferSelect & { sizeName: string | null };
export type GarageAddress = typeof addresses.$inferSelect;

export async function listMyVehicles(db: DbOrTx, owner: Owner): Promise<GarageVehicle[]> {
  const rows = await db
    .select({ vehicle: vehicles, sizeName: vehicleSizes.name })
    .from(vehicles)
    .leftJoin(vehicleSizes, eq(vehicleSizes.id, vehicles.vehicleSizeId))
    .where(and(eq(vehicles.ownerId, owner.id), isNull(vehicles.deletedAt)))
    .orderBy(desc(vehicles.isDefault), asc(vehicles.createdAt));
  return rows.map((r) => ({ ...r.vehicle, sizeName: r.sizeName }));
}

export async function listMyAddresses(db: DbOrTx, owner: Owner): Promise<GarageAddress[]> {
  return db
    .select()
    .from(addresses)
    .where(and(eq(addresses.ownerId, owner.id), isNull(addresses.deletedAt)))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt));
}

type Kind = "vehicle" | "address";
const TABLE = { vehicle: vehicles, address: addresses } as const;

async function lockOwn(tx: Tx, kind: Kind, owner: Owner, id: string) {
  const table = TABLE[kind];
  const [row] = await tx
    .select({ id: table.id, isDefault: table.isDefault })
    .from(table)
    .where(and(eq(table.id, id), eq(table.ownerId, owner.id), isNull(table.deletedAt)))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

async function hasAny(tx: Tx, kind: Kind, owner: Owner): Promise<boolean> {
  const table = TABLE[kind];
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.ownerId, owner.id), isNull(table.deletedAt)))
    .limit(1);
  return !!row;
}

type EntryValues = {
  vehicle: Omit<typeof vehicles.$inferInsert, "ownerId" | "isDefault">;
  address: Omit<typeof addresses.$inferInsert, "ownerId" | "isDefault">;
};

/** Updates the owner's entry (already locked), or adds a new one: an owner's first becomes the default. */
async function writeOwn<K extends Kind>(
  tx: Tx,
  kind: K,
  owner: Owner,
  id: string | undefined,
  values: EntryValues[K],
): Promise<string> {
  const table = TABLE[kind];
  // EntryValues types the values per kind; Drizzle can't follow a table picked from a union, hence `never`.
  if (id) {
    await tx
      .update(table)
      .set(values as never)
      .where(eq(table.id, id));
    return id;
  }
  const first = !(await hasAny(tx, kind, owner));
  const [row] = await tx
    .insert(table)
    .values({ ...values, ownerId: owner.id, isDefault: first } as never)
    .returning({ id: table.id });
  if (!row) throw new Error(`${kind} insert returned nothing`);
  return row.id;
}

/** Makes one entry the default: the old default is cleared first (one default per owner, by index). */
async function makeDefault(tx: Tx, kind: Kind, owner: Owner, id: string, now: Date): Promise<void> {
  const table = TABLE[kind];
  await tx
    .update(table)
    .set({ isDefault: false, updatedAt: now })
    .where(and(eq(table.ownerId, owner.id), eq(table.isDefault, true), ne(table.id, id)));
  await tx.update(table).set({ isDefault: true, updatedAt: now }).where(eq(table.id, id));
}

/** Something done to one of the owner's saved vehicles or addresses, picked by its id. */
type EntryStep = (
  db: DbOrTx,
  owner: Owner,
  kind: Kind,
  input: { id: string },
  options?: Options,
) => Promise<void>;

export const setDefaultEntry: EntryStep = async (db, owner, kind, input, { now = new Date() } = {}) => {
  await db.transaction(async (tx) => {
    const row = await lockOwn(tx, kind, owner, input.id);
    if (!row.isDefault) await makeDefault(tx, kind, owner, row.id, now);
  });
};

function describeUse(kind: Kind, use: { reference: string }): string {
  const what = kind === "vehicle" ? "vehicle" : "address";
  return `Booking ${use.reference} uses this ${what}, so it can't be deleted until that booking is over. Add a new ${what} instead, or cancel the booking first.`;
}

export const deleteEntry: EntryStep = async (db, owner, kind, input, { now = new Date() } = {}) => {
  const table = TABLE[kind];
  const check = port("liveBookingUsing");
  await db.transaction(async (tx) => {
    const row = await lockOwn(tx, kind, owner, input.id);
    const use = await check(tx, owner.id, kind === "vehicle" ? { vehicleId: row.id } : { addressId: row.id });
    if (use) throw new AppError("CONFLICT", describeUse(kind, use));
    await tx
      .update(table)
      .set({ deletedAt: now, isDefault: false, updatedAt: now })
      .where(eq(table.id, row.id));
    if (!row.isDefault) return;
    // The oldest remaining entry takes over as the default, so the wizard still has one to pre-select.
    const [next] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.ownerId, owner.id), isNull(table.deletedAt)))
      .orderBy(asc(table.createdAt))
      .limit(1);
    if (next) await makeDefault(tx, kind, owner, next.id, now);
  });
};

const DUPLICATE_REGISTRATION = "You have already saved a vehicle with this registration.";

export async function saveMyVehicle(
  db: DbOrTx,
  owner: Owner,
  input: SavedVehicleInput,
  { now = new Date() }: Options = {},
): Promise<string> {
  // Two tabs saving the same registration at once: the unique index refuses the second, in words.
  return db
    .transaction(async (tx) => writeVehicle(tx, owner, input, now))
    .catch((err: unknown) => {
      if (
        sqlState(err) === SQLSTATE.uniqueViolation &&
        constraintOf(err) === "vehicles_owner_registration_uq"
      )
        throw new AppError("VALIDATION", undefined, { registration: [DUPLICATE_REGISTRATION] });
      throw err;
    });
}

async function writeVehicle(tx: Tx, owner: Owner, input: SavedVehicleInput, now: Date): Promise<string> {
  const [size] = await tx
    .select({ id: vehicleSizes.id })
    .from(vehicleSizes)
    .where(and(eq(vehicleSizes.id, input.vehicleSizeId), eq(vehicleSizes.isActive, true)));
  if (!size) throw new AppError("VALIDATION", undefined, { vehicleSizeId: ["Choose the vehicle's size."] });
  if (input.id) await lockOwn(tx, "vehicle", owner, input.id);
  const [same] = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.ownerId, owner.id),
        eq(vehicles.registration, input.registration),
        isNull(vehicles.deletedAt),
      ),
    );
  if (same && same.id !== input.id)
    throw new AppError("VALIDATION", undefined, { registration: [DUPLICATE_REGISTRATION] });
  const values = {
    make: input.make,
    model: input.model,
    registration: input.registration,
    colour: input.colour,
    year: input.year,
    vehicleSizeId: input.vehicleSizeId,
    notes: input.notes,
    updatedAt: now,
  };
  return writeOwn(tx, "vehicle", owner, input.id, values);
}

export async function saveMyAddress(
  db: DbOrTx,
  owner: Owner,
  input: SavedAddressInput,
  { now = new Date() }: Options = {},
): Promise<string> {
  return db.transaction(async (tx) => {
    if (input.id) await lockOwn(tx, "address", owner, input.id);
    const values = {
      label: input.label ?? "Home",
      line1: input.line1,
      line2: input.line2,
      town: input.town,
      postcode: input.postcode,
      accessNotes: input.accessNotes,
      hasWater: input.hasWater,
      hasPower: input.hasPower,
      hasCoveredSpace: input.hasCoveredSpace,
      updatedAt: now,
    };
    return writeOwn(tx, "address", owner, input.id, values);
  });
}

/** The pages' readers (pages never hold the database client). */
export const getMyVehicles = async (owner: Owner) => listMyVehicles(await getDb(), owner);
export const getMyAddresses = async (owner: Owner) => listMyAddresses(await getDb(), owner);
