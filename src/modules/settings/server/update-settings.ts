import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { settings } from "@/server/db/schema";
import { publish } from "@/server/realtime/publish";

export type SettingsPatch = Partial<Omit<typeof settings.$inferInsert, "id" | "updatedAt">>;

/**
 * Writes part of the settings record and tells open admin screens. Authorisation and validation are
 * the caller's (the admin settings action); this is the one place that writes the record.
 */
export async function updateSettings(tx: DbOrTx, patch: SettingsPatch) {
  const [row] = await tx.update(settings).set(patch).where(eq(settings.id, 1)).returning();
  if (!row) throw new Error("Settings are missing");
  await publish(tx, "settings.updated", { audience: "admins" }, { sections: Object.keys(patch) });
  return row;
}
