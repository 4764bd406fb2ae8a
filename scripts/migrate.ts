// `npm run db:migrate`: applies pending migrations (the app also does this at start).
import { closeDatabase, getDatabase } from "@/server/db";

const handle = await getDatabase();
console.log(`Migrations applied (${handle.kind}).`);
await closeDatabase();
