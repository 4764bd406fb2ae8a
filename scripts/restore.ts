// `npm run db:restore -- <backup folder>`: puts a backup made by `npm run db:backup` back.
// PostgreSQL: pg_restore in one transaction into DATABASE_URL (stop the app and workers first: their
// tables are replaced). Embedded: stop the app; what the data folder held is moved aside, not deleted.
import path from "node:path";
import { getEnv } from "@/env";
import { restoreDatabase } from "@/server/db/backup";

const from = process.argv[2];
if (!from) {
  console.error("Usage: npm run db:restore -- <backup folder>");
  process.exit(1);
}
const env = getEnv();
try {
  const restored = await restoreDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dir: env.PGLITE_DIR },
    path.resolve(from),
    {
      uploadsDir: env.UPLOADS_DIR,
    },
  );
  console.log(
    `Restored the ${restored.kind} backup of ${restored.createdAt}: ${restored.bookings} bookings, ${restored.uploads} uploaded files.`,
  );
  for (const aside of restored.movedAside) console.log(`What was there before is kept in ${aside}`);
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exit(1);
}
