import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/server/db/client";
import { adminQuery } from "./db-templates";

export type DbKind = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export type TestDatabase = DatabaseHandle & { url?: string; drop: () => Promise<void> };

/** The run's migrated PGlite data folder (tests/setup/integration-global.ts), read once per test file. */
let pgliteTemplate: Blob | null | undefined;
function pgliteTemplateBlob(): Blob | null {
  if (pgliteTemplate === undefined) {
    const file = inject("pgliteTemplate");
    pgliteTemplate =
      file && fs.existsSync(file) ? new Blob([fs.readFileSync(file)], { type: "application/x-gzip" }) : null;
  }
  return pgliteTemplate;
}

/**
 * A fresh, migrated database: an in-memory PGlite, or a new PostgreSQL database created for this test
 * file on the server of TEST_DATABASE_URL and dropped afterwards. Both start from the run's migrated copy
 * when the global setup made one (ADR 0049); the migrations then find nothing left to do.
 */
export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const handle = await openDatabase({ dir: "memory://", loadDataDir: pgliteTemplateBlob() ?? undefined });
    return Object.assign(handle, { drop: () => handle.close() });
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `forecourt_t_${randomBytes(6).toString("hex")}`;
  const template = inject("pgTemplate");
  await adminQuery(base, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  return Object.assign(handle, {
    url: url.toString(),
    drop: async () => {
      await handle.close();
      await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  });
}
