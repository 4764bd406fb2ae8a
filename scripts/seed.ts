// `npm run db:seed`: seeds the demo business if the database is empty (it is idempotent).
import { closeDatabase, getDatabase } from "@/server/db";
import { getEnv } from "@/env";
import { getStorage } from "@/server/storage";
import { seedDemoBusiness } from "@/composition/seed/demo-business";
import { DEMO_ADMIN, DEMO_CUSTOMER, DEMO_STAFF } from "@/composition/seed/demo-data";
import { composeApp } from "@/composition";

// Module code here reaches the ports the composition root passes in (ADR 0045).
composeApp();

const handle = await getDatabase();
const { seeded } = await seedDemoBusiness(handle.db, { storage: getStorage(), seed: getEnv().DEMO_SEED });
console.log(seeded ? "Demo business seeded." : "The database already has a business: nothing changed.");
console.log(`Demo admin:    ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
console.log(`Demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
console.log(`Demo technician: ${DEMO_STAFF.email} / ${DEMO_STAFF.password}`);
await closeDatabase();
