import "server-only";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { acquireFolderLock } from "./folder-lock";

// Both drivers expose the same query builder; the node-postgres type is used as the common one.
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /** Raw parameterised SQL, for pg-boss (`$1` placeholders). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * LISTEN on a channel; resolves to an unlisten function. `onReconnect` is called after the listening
   * connection dropped and came back: notifications sent in between were missed, so callers catch up.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type OpenOptions = {
  /** PostgreSQL connection string; when absent the embedded database is used. */
  url?: string;
  /** PGlite folder, or `memory://` for a throw-away database. */
  dir?: string;
  migrate?: boolean;
  poolSize?: number;
  /**
   * An in-memory PGlite started from this data folder (`PGlite.dumpDataDir`) instead of an empty one: a
   * test file's database copied from one migrated once (tests/support/db.ts), 3 s → 1.5 s on 2 cores.
   */
  loadDataDir?: Blob;
};

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");

export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  return opts.url ? openPostgres(opts.url, opts) : openPglite(opts.dir ?? ".data/pglite", opts);
}

async function openPglite(dir: string, opts: OpenOptions): Promise<DatabaseHandle> {
  const inMemory = dir.startsWith("memory://");
  // Two processes writing one PGlite folder silently lose data, so the folder is locked to one process.
  const release = inMemory ? () => {} : acquireFolderLock(path.resolve(dir));
  let client: PGlite;
  try {
    if (!inMemory) fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(inMemory ? "memory://" : dir, {
      extensions: { btree_gist, pg_trgm },
      ...(inMemory && opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  if (opts.migrate !== false)
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: "pglite",
    async executeSql(text, values = []) {
      if (values.length === 0 && /;\s*\S/.test(text)) {
        // Several statements without parameters must go through exec (the extended protocol allows one).
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      const res = await client.query<Record<string, unknown>>(text, values);
      return { rows: res.rows };
    },
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return async () => unlisten();
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * A connection that sends its queries one after another. A transaction is one connection, and the reads
 * that run side by side on the pool (`Promise.all` in a use case given `DbOrTx`) share it inside one:
 * pg queued them itself, with a deprecation warning, and pg 9 will refuse them. Waiting here keeps the
 * order and the results exactly as pg's queue did. Callback and submittable queries (the pool's own,
 * cursors) pass straight through — so they could overtake promise queries still waiting here: none
 * shares a connection with them today; a cursor inside a transaction would need to join this queue.
 */
class SequentialClient extends pg.Client {
  #tail: Promise<unknown> = Promise.resolve();

  override query(...args: unknown[]): never {
    const direct = (super.query as (...a: unknown[]) => unknown).bind(this);
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args.at(-1) === "function" || typeof first?.submit === "function")
      return direct(...args) as never;
    const run = this.#tail.then(() => direct(...args));
    // What the queue waits on, without keeping the last result (a large read) alive on an idle connection.
    this.#tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run as never;
  }
}

async function openPostgres(url: string, opts: OpenOptions): Promise<DatabaseHandle> {
  // JIT off for the app's sessions (ADR 0034): its queries are short, and PostgreSQL compiles any plan
  // whose estimate passes jit_above_cost — 20–40 ms of compiling for a 60 ms list query.
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    options: "-c jit=off",
    Client: SequentialClient,
  });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it. Logged by the health check instead.
  });
  const db = drizzlePg({ client: pool, schema });
  if (opts.migrate !== false) {
    try {
      await migratePostgresLocked(pool);
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
  }
  const listener = new PgListener(url);
  return {
    db,
    kind: "postgres",
    async executeSql(text, values = []) {
      const res = await pool.query(text, values as unknown[]);
      return { rows: res.rows };
    },
    listen: (channel, onPayload, onReconnect) => listener.listen(channel, onPayload, onReconnect),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

// Several instances may start at once against one PostgreSQL: an advisory lock makes them migrate one
// after the other, and the later ones find nothing left to do.
async function migratePostgresLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(727274)");
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query("SELECT pg_advisory_unlock(727274)").catch(() => {});
    client.release();
  }
}

/** One dedicated connection per process for LISTEN, re-established (and re-subscribed) when it drops. */
class PgListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private hasConnected = false;
  private closed = false;

  constructor(private readonly url: string) {}

  private async connect(): Promise<pg.Client> {
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on("notification", (msg) => {
        for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? "");
      });
      client.on("error", () => this.reconnectSoon());
      client.on("end", () => this.reconnectSoon());
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
      this.client = client;
      if (this.hasConnected) for (const h of this.reconnectHandlers) h();
      this.hasConnected = true;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private reconnectSoon() {
    if (this.closed) return;
    const old = this.client;
    this.client = null;
    old?.removeAllListeners();
    old?.end().catch(() => {});
    setTimeout(() => {
      if (!this.closed) this.connect().catch(() => this.reconnectSoon());
    }, 1000).unref();
  }

  async listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) {
    let set = this.handlers.get(channel);
    const isNew = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(onPayload);
    try {
      const client = await this.connect();
      if (isNew) await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (err) {
      set.delete(onPayload);
      if (set.size === 0) this.handlers.delete(channel);
      throw err;
    }
    if (onReconnect) this.reconnectHandlers.add(onReconnect);
    return async () => {
      if (onReconnect) this.reconnectHandlers.delete(onReconnect);
      set.delete(onPayload);
      if (set.size === 0) {
        this.handlers.delete(channel);
        await this.client?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
      }
    };
  }

  async close() {
    this.closed = true;
    const c = this.client;
    this.client = null;
    c?.removeAllListeners();
    await c?.end().catch(() => {});
  }
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid channel name: ${name}`);
  return `"${name}"`;
}
