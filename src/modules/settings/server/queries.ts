import "server-only";
import { eq } from "drizzle-orm";
import { cache } from "react";
import { getDb } from "@/server/db";
import type { DbOrTx } from "@/server/db";
import { settings } from "@/server/db/schema";

export type Settings = typeof settings.$inferSelect;

export async function findSettings(db: DbOrTx): Promise<Settings | null> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  return row ?? null;
}

// A page's render reads the settings once per database handle (a page's loaders each ask for them: a
// booking's page did nine reads). React's `cache` memoizes only within a server render: server actions,
// route handlers, jobs and tests read afresh on every call.
const findSettingsThisRender = cache(findSettings);

/** The settings record exists from the first start (the seed writes it); its absence is a setup error. */
export async function getSettingsOrThrow(db: DbOrTx): Promise<Settings> {
  const row = await findSettingsThisRender(db);
  if (!row) throw new Error("Settings are missing: the database has not been seeded (npm run db:seed).");
  return row;
}

/** For pages: the settings of this installation, read once per request. */
export const getPublicSettings = cache(async (): Promise<Settings> => getSettingsOrThrow(await getDb()));
