// `npm run email:test -- --to you@example.com`: queues a test email; the job runner delivers it.
import { parseArgs } from "node:util";
import { closeDatabase, getDatabase } from "@/server/db";
import { enqueueEmail } from "@/modules/notifications/server/enqueue-email";
import { composeApp } from "@/composition";

// Module code here reaches the ports the composition root passes in (ADR 0045).
composeApp();

const { values } = parseArgs({ options: { to: { type: "string" } } });
if (!values.to || !/^[^@\s]+@[^@\s]+$/.test(values.to)) {
  console.error("Usage: npm run email:test -- --to you@example.com");
  process.exit(1);
}
const handle = await getDatabase();
const id = await handle.db.transaction((tx) =>
  enqueueEmail(tx, {
    to: values.to as string,
    template: "system-test",
    data: { requestedBy: "the command line" },
  }),
);
console.log(`Queued email ${id}; the job runner sends it (see /admin/help for the transport's status).`);
await closeDatabase();
