import pg from "pg";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Use cases read side by side (`Promise.all`) with a `DbOrTx`; inside a transaction that is one
// connection. On PostgreSQL each query must reach the connection only when the one before it has
// finished: pg used to queue the rest itself, with a deprecation warning, and pg 9 refuses them
// (src/server/db/client.ts, SequentialClient).

describe.each(dbKinds)("reads side by side inside a transaction on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.drop();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("answers each in its order, and never sends a query to a busy connection", async () => {
    const busy: boolean[] = [];
    if (kind === "postgres") {
      const send = pg.Client.prototype.query;
      vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (
        this: pg.Client & { _activeQuery?: unknown; _queryQueue: unknown[] },
        ...args: unknown[]
      ) {
        busy.push(Boolean(this._activeQuery) || this._queryQueue.length > 0);
        return (send as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof send);
    }
    const rows = await t.db.transaction(async (tx) =>
      Promise.all([
        tx.execute(sql`SELECT 1 AS n, pg_sleep(0.05)`), // a slow first read: the others must queue behind it
        tx.execute(sql`SELECT 2 AS n`),
        tx.execute(sql`SELECT 3 AS n`),
      ]),
    );
    expect(rows.map((r) => Number((r.rows[0] as { n: number }).n))).toEqual([1, 2, 3]);
    if (kind === "postgres") {
      // BEGIN, the three reads and COMMIT, each to an idle connection.
      expect(busy.length).toBeGreaterThanOrEqual(5);
      expect(busy.filter(Boolean)).toEqual([]);
    }
  });

  it("lets a failed read fail alone and the transaction roll back, as before", async () => {
    await expect(
      t.db.transaction(async (tx) =>
        Promise.all([tx.execute(sql`SELECT 1`), tx.execute(sql`SELECT * FROM no_such_table`)]),
      ),
    ).rejects.toThrow(/no_such_table/);
    const ok = await t.db.execute(sql`SELECT 4 AS n`);
    expect(Number((ok.rows[0] as { n: number }).n)).toBe(4);
  });
});
