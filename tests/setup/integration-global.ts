// Once per integration run, before any test file: the migrated copies every test database starts from
// (tests/support/db-templates.ts, ADR 0049). Removed when the run ends.
import fs from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "@/server/db/client";
import { adminQuery, migrationsHash, pgliteTemplateFile, pgTemplateName } from "../support/db-templates";

export default async function setup(project: TestProject) {
  const hash = migrationsHash();
  const file = pgliteTemplateFile(hash, String(process.pid));
  const pglite = await openDatabase({ dir: "memory://" });
  const client = (pglite.db as unknown as { $client: PGlite }).$client;
  fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer()));
  await pglite.close();
  project.provide("pgliteTemplate", file);

  const base = process.env.TEST_DATABASE_URL;
  let template: string | undefined;
  if (base) {
    template = pgTemplateName(base, hash);
    await adminQuery(base, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await adminQuery(base, `CREATE DATABASE ${template}`);
    const url = Object.assign(new URL(base), { pathname: `/${template}` }).toString();
    const handle = await openDatabase({ url, poolSize: 1 });
    await handle.close();
    project.provide("pgTemplate", template);
  }

  return async () => {
    fs.rmSync(file, { force: true });
    if (base && template) await adminQuery(base, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}
