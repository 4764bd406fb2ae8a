import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "@/server/db/client";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// The SQL functions (read models' triggers, money and rollup functions) are redefined across migrations:
// customer_booking_facts_refresh four times. drizzle/functions/<name>.sql holds each one's current
// definition, where a reader finds it (issue 42 §9; listed in drizzle/functions/README.md). Here a freshly
// migrated database is compared with those files: each file's definition is created again under a scratch
// schema and PostgreSQL's own rendering of it (pg_get_functiondef: arguments, result, language,
// volatility, body) must equal the migrated function's, so a migration that changes a function without
// its file — or a file edited without a migration — fails, whatever the whitespace or quoting.

const FUNCTIONS = path.join(MIGRATIONS_FOLDER, "functions");
const SCRATCH = "functions_check";
const files = fs
  .readdirSync(FUNCTIONS)
  .filter((f) => f.endsWith(".sql"))
  .sort();

/** The migration that last creates or replaces each function: what a file's first line names. */
function lastDefinitions(): Map<string, string> {
  const last = new Map<string, string>();
  for (const f of fs
    .readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => /^\d{4}_.*\.sql$/.test(f))
    .sort())
    for (const m of fs
      .readFileSync(path.join(MIGRATIONS_FOLDER, f), "utf8")
      .matchAll(/CREATE (?:OR REPLACE )?FUNCTION\s+"?(\w+)"?\s*\(/g))
      last.set(m[1] as string, f);
  return last;
}

describe.each(dbKinds)("the SQL functions' files on %s", (kind) => {
  let t: TestDatabase;
  let migrated: Map<string, string>;
  let fromFiles: Map<string, string>;

  /** The app's own functions in `schema` (an extension's, pg_trgm's say, are not), as PostgreSQL renders them. */
  const rendered = async (schema: string) => {
    const { rows } = await t.db.execute<{ name: string; def: string }>(sql`
      SELECT p.proname AS name, pg_get_functiondef(p.oid) AS def
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = ${schema}
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
      ORDER BY 1`);
    const same = (def: string) => def.replaceAll(`${schema}.`, "public.").replace(/\s+/g, " ").trim();
    return new Map(rows.map((r) => [r.name, same(r.def)]));
  };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    migrated = await rendered("public");
    await t.db.execute(sql.raw(`CREATE SCHEMA ${SCRATCH}`));
    // Unqualified names resolve to the scratch schema first: each file's function is made there, and
    // what it refers to (tables, types, the other functions) is found in public.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL search_path TO ${SCRATCH}, public`));
      for (const f of files) await tx.execute(sql.raw(fs.readFileSync(path.join(FUNCTIONS, f), "utf8")));
    });
    fromFiles = await rendered(SCRATCH);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("has a file for every function the migrations leave, and no file for one they don't", () => {
    expect(files.map((f) => f.replace(/\.sql$/, ""))).toEqual([...migrated.keys()]);
    expect([...fromFiles.keys()]).toEqual([...migrated.keys()]);
  });

  it("holds, in each file, the definition the migrations leave in the database", () => {
    const differ = [...migrated].filter(([name, def]) => fromFiles.get(name) !== def).map(([name]) => name);
    expect(differ, "functions whose drizzle/functions file is not what the migrations made").toEqual([]);
  });

  it("names in each file the migration that last defines it, and lists it in the README", () => {
    const readme = fs.readFileSync(path.join(FUNCTIONS, "README.md"), "utf8");
    for (const [name, migration] of lastDefinitions()) {
      expect(fs.readFileSync(path.join(FUNCTIONS, `${name}.sql`), "utf8").split("\n")[0]).toContain(
        migration,
      );
      expect(readme).toContain(`[${name}](${name}.sql)`);
    }
  });
});
