// `npm run admin:create -- --email owner@example.com --name "Sam Owner"`: creates an admin without a
// password and prints a single-use link (7 days) to choose one. Run it while the app is stopped when
// using the embedded database (only one process may open it).
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { closeDatabase, getDatabase } from "@/server/db";
import { users } from "@/server/db/schema";
import { createPasswordSetupLink } from "@/modules/accounts/server/auth/password-setup-link";
import { findUserByEmail } from "@/modules/accounts/server/queries";
import { composeApp } from "@/composition";

// Module code here reaches the ports the composition root passes in (ADR 0045).
composeApp();

const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } });
const email = values.email?.trim().toLowerCase();
const name = values.name?.trim();
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || !name) {
  console.error('Usage: npm run admin:create -- --email owner@example.com --name "Sam Owner"');
  process.exit(1);
}
const handle = await getDatabase();
try {
  const link = await handle.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing && existing.role !== "admin") {
      throw new Error(`${email} already belongs to a customer account; use another email for the admin.`);
    }
    const id = existing?.id ?? randomUUID();
    if (!existing) await tx.insert(users).values({ id, email, name, role: "admin", emailVerified: false });
    return createPasswordSetupLink(tx, id);
  });
  console.log(`Admin ${email} is ready. Open this link within 7 days to choose a password:\n\n  ${link}\n`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
