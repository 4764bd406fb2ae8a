// `npm run db:reset`: deletes the embedded database folder (never touches PostgreSQL).
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "@/env";

const env = getEnv();
if (env.DATABASE_URL) {
  console.error(
    "db:reset only removes the embedded database; drop a PostgreSQL database with your own tools.",
  );
  process.exit(1);
}
const dir = path.resolve(env.PGLITE_DIR);
if (fs.existsSync(path.join(dir, "forecourt.lock"))) {
  console.error(`${dir} is locked: stop the running app first.`);
  process.exit(1);
}
fs.rmSync(dir, { recursive: true, force: true });
console.log(`Removed ${dir}. The next start migrates and seeds a fresh demo business.`);
