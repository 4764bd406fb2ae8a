import "server-only";
import { getEnv } from "@/env";
import type { DatabaseHandle } from "@/server/db";
import { getStorage } from "@/server/storage";
import { seedDemoBusiness, seedInstallation } from "@/composition/seed/demo-business";

/**
 * What a start puts into a migrated database before serving: the demo business on the embedded default
 * (SEED_ON_START=demo seeds it on PostgreSQL too, e.g. for a staging site), else the settings record only
 * (SEED_ON_START=never: nothing). Idempotent: the web process runs it at every boot, and `npm start` runs
 * it once more beside its first build (scripts/prepare-db.ts), so that the boot after it finds it done.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
): Promise<{ demo: boolean; demoSeeded: boolean; settingsSeeded: boolean }> {
  const env = getEnv();
  const demo = env.SEED_ON_START === "demo" || (env.SEED_ON_START === "auto" && handle.kind === "pglite");
  if (demo) {
    const { seeded } = await seedDemoBusiness(handle.db, { storage: getStorage(), seed: env.DEMO_SEED });
    return { demo, demoSeeded: seeded, settingsSeeded: false };
  }
  if (env.SEED_ON_START === "never") return { demo, demoSeeded: false, settingsSeeded: false };
  return { demo, demoSeeded: false, settingsSeeded: (await seedInstallation(handle.db)).seeded };
}
