import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { matchZone, normaliseUkPostcode, normaliseZonePrefix, prefixMatches } from "@/lib/postcode";
import { writeAudit } from "@/server/audit";
import { getDb, type DbOrTx, type Tx } from "@/server/db";
import { serviceZones } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { UpdateZoneInput, ZoneActiveInput, ZoneIdInput, ZoneInput } from "../zone-schemas";
import type { Actor } from "./ordered-list";

// Travel zones: which postcodes are served, and the fee and extra travel time each adds. Matching takes
// the longest prefix, so overlapping prefixes ("SW" and "SW9") are fine — but the same prefix in two
// active zones would make the match ambiguous, and is refused.

type ZoneRow = typeof serviceZones.$inferSelect;

const ENTITY = "service_zone";

/**
 * Zone writes run one at a time: the duplicate-prefix check reads the other zones, and two concurrent
 * writers could each pass it. This lock mode conflicts with itself but not with plain reads.
 */
async function lockZones(tx: Tx) {
  await tx.execute(sql`LOCK TABLE ${serviceZones} IN SHARE ROW EXCLUSIVE MODE`);
}

async function zoneOrThrow(tx: Tx, id: string): Promise<ZoneRow> {
  const [row] = await tx.select().from(serviceZones).where(eq(serviceZones.id, id)).for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** The first of `prefixes` already in another active zone, with that zone's name. */
async function findPrefixClash(tx: Tx, prefixes: readonly string[], exceptId?: string) {
  const others = await tx.select().from(serviceZones).where(eq(serviceZones.isActive, true));
  for (const prefix of prefixes) {
    const p = normaliseZonePrefix(prefix);
    const zone = others.find(
      (z) => z.id !== exceptId && z.postcodePrefixes.some((q) => normaliseZonePrefix(q) === p),
    );
    if (zone) return { prefix: p, zoneName: zone.name };
  }
  return null;
}

async function assertPrefixesFree(tx: Tx, prefixes: readonly string[], exceptId?: string) {
  const clash = await findPrefixClash(tx, prefixes, exceptId);
  if (clash)
    throw new AppError("VALIDATION", undefined, {
      prefixes: [
        `${clash.prefix} is already in ${clash.zoneName}. A prefix can be in only one active zone — remove it from one of them.`,
      ],
    });
}

async function assertNameFree(tx: Tx, name: string, exceptId?: string) {
  const rows = await tx.select({ id: serviceZones.id, name: serviceZones.name }).from(serviceZones);
  if (rows.some((r) => r.id !== exceptId && r.name.trim().toLowerCase() === name.trim().toLowerCase()))
    throw new AppError("VALIDATION", undefined, { name: ["A zone with this name already exists."] });
}

const snapshot = (
  z: Pick<ZoneRow, "name" | "postcodePrefixes" | "travelFeeMinor" | "travelBufferMinutes">,
) => ({
  name: z.name,
  postcodePrefixes: z.postcodePrefixes,
  travelFeeMinor: z.travelFeeMinor,
  travelBufferMinutes: z.travelBufferMinutes,
});

export async function createZone(db: DbOrTx, actor: Actor, input: ZoneInput): Promise<string> {
  return db.transaction(async (tx) => {
    await lockZones(tx);
    await assertNameFree(tx, input.name);
    if (input.isActive) await assertPrefixesFree(tx, input.postcodePrefixes);
    const [row] = await tx.insert(serviceZones).values(input).returning();
    if (!row) throw new Error("insert returned nothing");
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: `${ENTITY}.created`,
      entity: ENTITY,
      entityId: row.id,
      summary: { ...snapshot(row), isActive: row.isActive },
    });
    return row.id;
  });
}

export async function updateZone(db: DbOrTx, actor: Actor, input: UpdateZoneInput): Promise<void> {
  await db.transaction(async (tx) => {
    await lockZones(tx);
    const before = await zoneOrThrow(tx, input.id);
    await assertNameFree(tx, input.name, input.id);
    if (before.isActive) await assertPrefixesFree(tx, input.postcodePrefixes, input.id);
    const { id, ...values } = input;
    await tx.update(serviceZones).set(values).where(eq(serviceZones.id, id));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: `${ENTITY}.updated`,
      entity: ENTITY,
      entityId: id,
      summary: { from: snapshot(before), to: snapshot(values) },
    });
  });
}

export async function setZoneActive(db: DbOrTx, actor: Actor, input: ZoneActiveInput): Promise<void> {
  await db.transaction(async (tx) => {
    await lockZones(tx);
    const zone = await zoneOrThrow(tx, input.id);
    if (input.isActive) {
      const clash = await findPrefixClash(tx, zone.postcodePrefixes, zone.id);
      if (clash)
        throw new AppError(
          "CONFLICT",
          `${zone.name} can't be activated: ${clash.prefix} is already in ${clash.zoneName}. Remove it from one of them first.`,
        );
    }
    await tx.update(serviceZones).set({ isActive: input.isActive }).where(eq(serviceZones.id, zone.id));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: input.isActive ? `${ENTITY}.activated` : `${ENTITY}.deactivated`,
      entity: ENTITY,
      entityId: zone.id,
      summary: { name: zone.name },
    });
  });
}

/**
 * Bookings keep no reference to a zone — the travel fee is copied into the booking as its own line
 * (booking_items, kind travel_fee) — so deleting a zone never changes a booking and is always allowed.
 */
export async function deleteZone(db: DbOrTx, actor: Actor, input: ZoneIdInput): Promise<void> {
  await db.transaction(async (tx) => {
    await lockZones(tx);
    const zone = await zoneOrThrow(tx, input.id);
    await tx.delete(serviceZones).where(eq(serviceZones.id, zone.id));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: `${ENTITY}.deleted`,
      entity: ENTITY,
      entityId: zone.id,
      summary: { ...snapshot(zone), isActive: zone.isActive },
    });
  });
}

export type AdminZone = {
  id: string;
  name: string;
  postcodePrefixes: string[];
  travelFeeMinor: number;
  travelBufferMinutes: number;
  isActive: boolean;
};

const zoneColumns = {
  id: serviceZones.id,
  name: serviceZones.name,
  postcodePrefixes: serviceZones.postcodePrefixes,
  travelFeeMinor: serviceZones.travelFeeMinor,
  travelBufferMinutes: serviceZones.travelBufferMinutes,
};

/** The zones the business serves now (what a booking's travel fee and buffer are matched against). */
export async function listActiveZones(db: DbOrTx): Promise<Omit<AdminZone, "isActive">[]> {
  return db.select(zoneColumns).from(serviceZones).where(eq(serviceZones.isActive, true));
}

/** Every zone, active first, then by name. */
export async function listZones(db: DbOrTx): Promise<AdminZone[]> {
  return db
    .select({ ...zoneColumns, isActive: serviceZones.isActive })
    .from(serviceZones)
    .orderBy(sql`${serviceZones.isActive} DESC`, asc(serviceZones.name));
}

export async function listZonesForAdmin(): Promise<AdminZone[]> {
  return listZones(await getDb());
}

/** A zone that covers a postcode, and the prefix that made it match. */
export type ZoneMatch = {
  id: string;
  name: string;
  prefix: string;
  travelFeeMinor: number;
  travelBufferMinutes: number;
};

export type AdminPostcodeCheck =
  | { status: "invalid"; input: string }
  | {
      status: "checked";
      normalised: string;
      /** The active zone a booking at this postcode gets, or null when it isn't covered. */
      zone: ZoneMatch | null;
      /** An inactive zone that also covers it (ignored until activated), to explain a surprise. */
      inactiveMatch?: ZoneMatch;
    };

function toMatch(postcode: string, zone: AdminZone | null): ZoneMatch | null {
  if (!zone) return null;
  // matchZone chose this zone by its longest matching prefix; name that same prefix.
  const prefix = zone.postcodePrefixes
    .map(normaliseZonePrefix)
    .filter((p) => prefixMatches(postcode, p))
    .reduce((a, b) => (b.length > a.length ? b : a), "");
  return {
    id: zone.id,
    name: zone.name,
    prefix,
    travelFeeMinor: zone.travelFeeMinor,
    travelBufferMinutes: zone.travelBufferMinutes,
  };
}

/** The admin's "check a postcode": the same matching as the booking pages, plus what it matched on. */
export async function checkPostcodeForZones(db: DbOrTx, input: string): Promise<AdminPostcodeCheck> {
  const normalised = normaliseUkPostcode(input);
  if (!normalised) return { status: "invalid", input };
  const zones = await listZones(db);
  const best = (isActive: boolean) =>
    toMatch(
      normalised,
      matchZone(
        normalised,
        zones.filter((z) => z.isActive === isActive),
      ),
    );
  const zone = best(true);
  const inactiveMatch = best(false);
  return inactiveMatch
    ? { status: "checked", normalised, zone, inactiveMatch }
    : { status: "checked", normalised, zone };
}

export async function checkPostcodeForAdmin(postcode: string): Promise<AdminPostcodeCheck> {
  return checkPostcodeForZones(await getDb(), postcode);
}
