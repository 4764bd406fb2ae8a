import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { settings } from "@/server/db/schema";
import { publish } from "@/server/realtime/publish";

export type SettingsPatch = Partial<Omit<typeof settings.$inferInsert, "id" | "updatedAt">>;

/**
 * Writes part of the settings record and tells open admin screens; the one place that writes it. A
 * system write, so it takes no actor: its only caller is the end-to-end suite's /api/test/settings hook
 * (which exists only with ENABLE_TEST_ROUTES), and the seed writes the first record itself. An admin
 * settings screen, when there is one, is an audited admin write: it adds the `{ id, ip }` actor here,
 * checks the role and records the change (code-style "Use cases").
 */
export async function updateSettings(tx: DbOrTx, patch: SettingsPatch) {
  const [row] = await tx.update(settings).set(patch).where(eq(settings.id, 1)).returning();
  if (!row) throw new Error("Settings are missing");
  await publish(tx, "settings.updated", { audience: "admins" }, { sections: Object.keys(patch) });
  return row;
}
