import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { normaliseRegistration } from "@/lib/registration";
import type { Actor } from "@/server/audit";
import { type DbOrTx, getDb } from "@/server/db";
import { users } from "@/server/db/schema";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { findBusinessProfile } from "@/modules/accounts/server";
import { listSaved } from "@/modules/bookings/server";

// Finding the customer on the phone (/admin/bookings/new): by name, email, phone or a registration of
// one of their saved vehicles or of a booking made for them. Reads only; the accounts module owns these
// rows. Erased accounts are not found.

export type CustomerHit = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  registrations: string[];
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchCustomers(db: DbOrTx, actor: Actor, q: string): Promise<CustomerHit[]> {
  await assertAdminActor(db, actor);
  const term = `%${escapeLike(q.trim().toLowerCase())}%`;
  const digits = q.replace(/\D/g, "");
  const reg = normaliseRegistration(q);
  const regs = sql<
    string[]
  >`coalesce((SELECT array_agg(DISTINCT v.registration ORDER BY v.registration) FROM vehicles v
      WHERE v.owner_id = "users"."id" AND v.deleted_at IS NULL), '{}')`;
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone, registrations: regs })
    .from(users)
    .where(
      and(
        eq(users.role, "customer"),
        isNull(users.anonymisedAt),
        sql`(lower(${users.name}) LIKE ${term} OR lower(${users.email}) LIKE ${term}
          ${digits.length >= 4 ? sql`OR regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g') LIKE ${`%${digits}%`}` : sql``}
          ${
            reg.length >= 2
              ? sql`OR EXISTS (SELECT 1 FROM vehicles v WHERE v.owner_id = ${users.id} AND v.deleted_at IS NULL AND v.registration LIKE ${`%${escapeLike(reg)}%`})
          OR EXISTS (SELECT 1 FROM bookings b WHERE b.customer_id = ${users.id} AND b.vehicle_snapshot ->> 'registration' = ${reg})`
              : sql``
          })`,
      ),
    )
    .orderBy(asc(users.name), asc(users.email))
    .limit(10);
  return rows.map((r) => ({ ...r, registrations: r.registrations ?? [] }));
}

export type CustomerSaved = {
  vehicles: { id: string; label: string; sizeId: string }[];
  addresses: { id: string; label: string; postcode: string }[];
  /** A business the admin lets pay on account (ADR 0051): its name and payment terms; else null. */
  account: { companyName: string; paymentTermsDays: number } | null;
};

/** A customer's saved vehicles and addresses, and whether they pay on account, for the phone booking. */
export async function customerSavedRecords(
  db: DbOrTx,
  actor: Actor,
  customerId: string,
): Promise<CustomerSaved> {
  await assertAdminActor(db, actor);
  const [saved, business] = await Promise.all([
    listSaved(db, customerId),
    findBusinessProfile(db, customerId),
  ]);
  return {
    account: business?.onAccount
      ? { companyName: business.companyName, paymentTermsDays: business.paymentTermsDays }
      : null,
    vehicles: saved.vehicles.map((v) => ({
      id: v.id,
      label: `${v.make} ${v.model} · ${v.registration}${v.colour ? ` · ${v.colour}` : ""}`,
      sizeId: v.vehicleSizeId,
    })),
    addresses: saved.addresses.map((a) => ({
      id: a.id,
      label: `${a.label ? `${a.label}: ` : ""}${a.line1}, ${a.town} ${a.postcode}`,
      postcode: a.postcode,
    })),
  };
}

/**
 * One customer as the phone booking's search would show them, with their saved records: what
 * /admin/bookings/new?customer={id} starts from ("New booking for this customer" on their profile).
 * Null for anything but an active customer (the form then starts empty).
 */
export async function customerToBookFor(
  db: DbOrTx,
  actor: Actor,
  customerId: string,
): Promise<{ hit: CustomerHit; saved: CustomerSaved } | null> {
  await assertAdminActor(db, actor);
  const regs = sql<
    string[]
  >`coalesce((SELECT array_agg(DISTINCT v.registration ORDER BY v.registration) FROM vehicles v
      WHERE v.owner_id = "users"."id" AND v.deleted_at IS NULL), '{}')`;
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone, registrations: regs })
    .from(users)
    .where(
      and(
        eq(users.id, customerId),
        eq(users.role, "customer"),
        isNull(users.anonymisedAt),
        eq(users.banned, false),
      ),
    );
  if (!row) return null;
  return {
    hit: { ...row, registrations: row.registrations ?? [] },
    saved: await customerSavedRecords(db, actor, row.id),
  };
}

export const loadCustomerToBookFor = async (actorId: string, customerId: string) =>
  customerToBookFor(await getDb(), { id: actorId }, customerId);
