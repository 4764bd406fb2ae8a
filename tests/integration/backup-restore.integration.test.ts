import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "@/server/db/client";
import { backupDatabase, restoreDatabase } from "@/server/db/backup";
import { bookings } from "@/server/db/schema";
import type { Db } from "@/server/db";
import { insertBooking, insertSettings, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase } from "../support/db";

// Backups and restore (issue 18): a backup restored elsewhere finds every booking; the embedded folder is
// copied only while nobody has it open; a restore keeps what it replaces.

const tmp = (label: string) => fs.mkdtempSync(path.join(os.tmpdir(), `forecourt-${label}-`));

async function someBookings(db: Db): Promise<string[]> {
  await insertSettings(db);
  const team = await insertTeam(db);
  const customer = await insertUser(db);
  for (let i = 0; i < 5; i++)
    await insertBooking(db, {
      customerId: customer.id,
      teamId: team.id,
      startsAt: new Date(Date.UTC(2026, 11, 1 + i, 9)),
    });
  return (await db.select({ id: bookings.id }).from(bookings).orderBy(asc(bookings.id))).map((b) => b.id);
}

const ids = async (db: Db) =>
  (await db.select({ id: bookings.id }).from(bookings).orderBy(asc(bookings.id))).map((b) => b.id);

describe("backups of the embedded database", () => {
  it("copies the folder while stopped, refuses while open, and restores every booking beside what it keeps", async () => {
    const dir = path.join(tmp("pglite"), "db");
    const uploads = tmp("uploads");
    fs.writeFileSync(path.join(uploads, "photo.webp"), "image-bytes");
    const open = await openDatabase({ dir });
    const made = await someBookings(open.db);
    // The app has it open: the backup refuses rather than copy a folder that is being written.
    await expect(backupDatabase({ dir }, path.join(tmp("b1"), "out"))).rejects.toThrow(
      /already open in another process|open/,
    );
    await open.close();

    const out = path.join(tmp("backup"), "out");
    const manifest = await backupDatabase({ dir }, out, { uploadsDir: uploads });
    expect(manifest).toMatchObject({ kind: "pglite", bookings: 5, uploads: 1 });
    expect(manifest.migrations).toBeGreaterThan(5);

    // Restored into a new place: every booking is there.
    const elsewhere = path.join(tmp("restore"), "db");
    const elsewhereUploads = path.join(tmp("restore-uploads"), "uploads");
    const restored = await restoreDatabase({ dir: elsewhere }, out, { uploadsDir: elsewhereUploads });
    expect(restored).toMatchObject({ bookings: 5, uploads: 1, movedAside: [] });
    const back = await openDatabase({ dir: elsewhere });
    expect(await ids(back.db)).toEqual(made);
    await back.close();
    expect(fs.readFileSync(path.join(elsewhereUploads, "photo.webp"), "utf8")).toBe("image-bytes");

    // Restored over the original after a loss: the damaged folder is kept aside, the bookings come back.
    const damaged = await openDatabase({ dir });
    await damaged.db.delete(bookings);
    await damaged.close();
    const again = await restoreDatabase({ dir }, out);
    expect(again.movedAside).toHaveLength(1);
    const healed = await openDatabase({ dir });
    expect(await ids(healed.db)).toEqual(made);
    await healed.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("backups of PostgreSQL", () => {
  it("pg_dump while running, pg_restore into an empty database and over a damaged one", async () => {
    const source = await createTestDatabase("postgres");
    const made = await someBookings(source.db);
    const out = path.join(tmp("pg-backup"), "out");
    const manifest = await backupDatabase({ url: source.url as string }, out);
    expect(manifest).toMatchObject({ kind: "postgres", bookings: 5 });

    const base = process.env.TEST_DATABASE_URL as string;
    const name = `forecourt_restore_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    try {
      const restored = await restoreDatabase({ url: url.toString() }, out);
      expect(restored).toMatchObject({ bookings: 5, migrations: manifest.migrations });
      const copy = await openDatabase({ url: url.toString(), migrate: false });
      expect(await ids(copy.db)).toEqual(made);
      await copy.close();

      await source.db.delete(bookings);
      await restoreDatabase({ url: source.url as string }, out);
      expect(await ids(source.db)).toEqual(made);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      await source.drop();
    }
  });
});
