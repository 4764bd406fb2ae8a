import "server-only";
import { randomUUID } from "node:crypto";
import type { PgTable } from "drizzle-orm/pg-core";
import { normaliseRegistration } from "@/lib/registration";
import type { Tx } from "@/server/db";
import { addresses, users, vehicles } from "@/server/db/schema";
import type { DemoHistoryPlan } from "./demo-history";

// The demo history's customers, and the bulk insert both halves of the history writer use
// (demo-history-write.ts writes their bookings).

// A statement's rows: 1,000 rows of at most ~40 columns stay under PostgreSQL's 65,535 parameters.
const CHUNK = 1000;

export async function insertAll<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T["$inferInsert"][],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(table).values(rows.slice(i, i + CHUNK));
}

export type HistoryContext = {
  teamIds: readonly string[];
  adminId: string;
  sizeIds: Readonly<Record<string, { id: string; name: string }>>;
  serviceIds: ReadonlyMap<string, string>;
  now: Date;
};

/** The history's customers, each with a vehicle and an address, written in bulk. */
export async function writeDemoCustomers(tx: Tx, plan: DemoHistoryPlan, ctx: HistoryContext) {
  const customerIds = plan.customers.map(() => randomUUID());
  const vehicleIds = plan.customers.map(() => randomUUID());
  const addressIds = plan.customers.map(() => randomUUID());
  await insertAll(
    tx,
    users,
    plan.customers.map((c, i) => ({
      id: customerIds[i] as string,
      name: c.name,
      email: c.email,
      emailVerified: true,
      phone: c.phone,
      role: "customer" as const,
      marketingConsent: c.marketingOptIn,
      marketingConsentAt: c.marketingOptIn ? c.createdAt : null,
      createdAt: c.createdAt,
    })),
  );
  await insertAll(
    tx,
    vehicles,
    plan.customers.map((c, i) => ({
      id: vehicleIds[i] as string,
      ownerId: customerIds[i] as string,
      vehicleSizeId: ctx.sizeIds[c.vehicle.size]?.id as string,
      make: c.vehicle.make,
      model: c.vehicle.model,
      year: c.vehicle.year,
      colour: c.vehicle.colour,
      registration: normaliseRegistration(c.vehicle.registration),
      isDefault: true,
      createdAt: c.createdAt,
    })),
  );
  await insertAll(
    tx,
    addresses,
    plan.customers.map((c, i) => ({
      id: addressIds[i] as string,
      ownerId: customerIds[i] as string,
      label: "Home",
      line1: c.address.line1,
      town: c.address.town,
      postcode: c.address.postcode,
      accessNotes: c.address.accessNotes,
      hasWater: c.address.hasWater,
      hasPower: c.address.hasWater,
      isDefault: true,
      createdAt: c.createdAt,
    })),
  );

  return { customerIds, vehicleIds, addressIds };
}
