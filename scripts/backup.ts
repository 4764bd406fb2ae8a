// `npm run db:backup -- <new folder>`: a backup of the database and the uploaded images.
// PostgreSQL (DATABASE_URL): pg_dump while the app runs. Embedded: stop the app first (the folder is
// copied while nobody has it open; the command refuses while the app runs). See README "Backups".
import path from "node:path";
import { getEnv } from "@/env";
import { backupDatabase } from "@/server/db/backup";

const out = process.argv[2];
if (!out) {
  console.error("Usage: npm run db:backup -- <new folder>");
  process.exit(1);
}
const env = getEnv();
try {
  const manifest = await backupDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dir: env.PGLITE_DIR },
    path.resolve(out),
    {
      uploadsDir: env.UPLOADS_DIR,
    },
  );
  console.log(
    `Backup of the ${manifest.kind} database in ${path.resolve(out)}: ${manifest.bookings} bookings, ${manifest.migrations} migrations, ${manifest.uploads} uploaded files.`,
  );
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
