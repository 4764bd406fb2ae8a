import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { settings } from "@/server/db/schema";
import { publish } from "@/server/realtime/publish";

export type SettingsPatch = Partial<Omit<typeof settings.$inferInsert, "id" | "updatedAt">>;

/**
 * Writes part of the settings record and tells open admin screens; the one place that writes it. It
 * takes no actor: the admin's screen goes through saveSettingsSection (admin-settings.ts), which checks
 * the role and writes the audit row in the same transaction; the end-to-end suite's /api/test/settings
 * hook (only with ENABLE_TEST_ROUTES) calls it directly, and the seed writes the first record itself.
 */
export async function updateSettings(tx: DbOrTx, patch: SettingsPatch) {
  const [row] = await tx.update(settings).set(patch).where(eq(settings.id, 1)).returning();
  if (!row) throw new Error("Settings are missing");
  await publish(tx, "settings.updated", { audience: "admins" }, { sections: Object.keys(patch) });
  return row;
}
