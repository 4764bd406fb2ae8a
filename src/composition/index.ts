import "server-only";
import { registerAuthEmails } from "@/server/auth/auth";
import { accountAuthEmails } from "@/modules/accounts/server/auth-emails";

/**
 * The composition root: the one place that tells the platform (src/server) about the modules — auth's
 * emails here, the background jobs in ./jobs.ts. The web process (boot), the worker, the scripts and the
 * tests all call it first. Idempotent.
 */
export function composeApp(): void {
  registerAuthEmails(accountAuthEmails);
}
