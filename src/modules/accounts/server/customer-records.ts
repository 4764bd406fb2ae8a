import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { normaliseRegistration } from "@/lib/registration";
import type { DbOrTx } from "@/server/db";
import { addresses, vehicles } from "@/server/db/schema";

// A customer's saved vehicles and addresses, kept from their bookings (issue 27 #6). Every booking that
// belongs to an account saves its vehicle and address through these — the wizard's (a signed-in customer,
// or a guest whose account nobody can sign in to yet: the one they then set a password on), and the
// admin's phone bookings; the bookings module never writes the accounts module's tables. The same
// vehicle or address again is the saved one, never a duplicate: the same registration whatever its case,
// spaces or dashes; the same postcode (case and spaces aside) and first line (case and spacing aside).

export type NewVehicle = { make: string; model: string; colour?: string | null; registration: string };
export type NewAddress = {
  label?: string | null;
  line1: string;
  line2?: string | null;
  town: string;
  accessNotes?: string | null;
  /** Yes, no, or null: not answered. */
  hasWater: boolean | null;
  hasPower: boolean | null;
  hasCoveredSpace: boolean | null;
};

// What makes two entries the same, in SQL and for the value compared with it (the same normalisation).
const registrationKey = (c: AnyPgColumn) => sql`regexp_replace(upper(${c}), '[[:space:]-]+', '', 'g')`;
const registrationKeyOf = (v: string) => normaliseRegistration(v);
const postcodeKey = (c: AnyPgColumn) => sql`regexp_replace(upper(${c}), '[[:space:]]+', '', 'g')`;
const postcodeKeyOf = (v: string) => v.replace(/\s+/g, "").toUpperCase();
const lineKey = (c: AnyPgColumn) => sql`btrim(regexp_replace(lower(${c}), '[[:space:]]+', ' ', 'g'))`;
const lineKeyOf = (v: string) => v.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Saves the vehicle of a booking that belongs to an account. The same registration again is the same
 * car: the saved one is reused, unchanged. Their first vehicle becomes the default.
 */
export async function saveVehicleForCustomer(
  tx: DbOrTx,
  ownerId: string,
  vehicleSizeId: string,
  d: NewVehicle,
): Promise<string> {
  const [same] = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.ownerId, ownerId),
        sql`${registrationKey(vehicles.registration)} = ${registrationKeyOf(d.registration)}`,
        isNull(vehicles.deletedAt),
      ),
    );
  if (same) return same.id;
  const [any] = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.ownerId, ownerId), isNull(vehicles.deletedAt)))
    .limit(1);
  const [row] = await tx
    .insert(vehicles)
    .values({
      ownerId,
      make: d.make,
      model: d.model,
      colour: d.colour,
      registration: normaliseRegistration(d.registration),
      vehicleSizeId,
      isDefault: !any,
    })
    .returning({ id: vehicles.id });
  if (!row) throw new Error("vehicle insert returned nothing");
  return row.id;
}

/** Saves the address of a booking that belongs to an account (the same first line and postcode is reused). */
export async function saveAddressForCustomer(
  tx: DbOrTx,
  ownerId: string,
  postcode: string,
  d: NewAddress,
): Promise<string> {
  const [same] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(
      and(
        eq(addresses.ownerId, ownerId),
        sql`${postcodeKey(addresses.postcode)} = ${postcodeKeyOf(postcode)}`,
        sql`${lineKey(addresses.line1)} = ${lineKeyOf(d.line1)}`,
        isNull(addresses.deletedAt),
      ),
    );
  if (same) {
    await rememberSiteAnswers(tx, ownerId, same.id, d);
    return same.id;
  }
  const [any] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.ownerId, ownerId), isNull(addresses.deletedAt)))
    .limit(1);
  const [row] = await tx
    .insert(addresses)
    .values({
      ownerId,
      label: d.label ?? "Home",
      line1: d.line1,
      line2: d.line2,
      town: d.town,
      postcode,
      accessNotes: d.accessNotes,
      hasWater: d.hasWater,
      hasPower: d.hasPower,
      hasCoveredSpace: d.hasCoveredSpace,
      isDefault: !any,
    })
    .returning({ id: addresses.id });
  if (!row) throw new Error("address insert returned nothing");
  return row.id;
}

/**
 * A booking's answers about the site become its saved address's last answers (issue 41 §4): the next
 * booking there is asked again, prefilled with them. The owner's address only.
 */
export async function rememberSiteAnswers(
  tx: DbOrTx,
  ownerId: string,
  addressId: string,
  answers: Pick<NewAddress, "hasWater" | "hasPower" | "hasCoveredSpace">,
): Promise<void> {
  await tx
    .update(addresses)
    .set({
      hasWater: answers.hasWater,
      hasPower: answers.hasPower,
      hasCoveredSpace: answers.hasCoveredSpace,
      updatedAt: new Date(),
    })
    .where(and(eq(addresses.id, addressId), eq(addresses.ownerId, ownerId)));
}
