// Run by `npm start` beside its first build (scripts/start.mjs): migrates the database and seeds what the
// first boot would seed (src/composition/prepare-database.ts), so the server that starts after the build
// finds both done. The build never opens the database, so the two share the machine, not the data.
import { composeApp } from "@/composition";
import { prepareDatabase } from "@/composition/prepare-database";
import { closeDatabase, getDatabase } from "@/server/db";

composeApp();
const started = Date.now();
const handle = await getDatabase();
const { demoSeeded, settingsSeeded } = await prepareDatabase(handle);
await closeDatabase();
const what = demoSeeded ? ", demo business seeded" : settingsSeeded ? ", default settings created" : "";
console.log(
  `Database ready (${handle.kind}, migrations applied${what}) in ${Math.round((Date.now() - started) / 1000)} s.`,
);
