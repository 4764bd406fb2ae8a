import "server-only";
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "@/server/db";
import { users } from "@/server/db/schema";
import { enqueueEmail } from "@/modules/notifications/server/enqueue-email";
import { createPasswordSetupLink } from "./password-setup-link";
import { findUserByEmail } from "./queries";

export type PasswordlessCustomerInput = {
  name: string;
  email: string;
  phone?: string | null;
  /** Why the account was made: the set-up email says so. */
  reason: "booking" | "admin";
  /** The admin may create the customer without emailing them yet. */
  sendSetupLink?: boolean;
};

/**
 * For guest checkout and admin phone bookings: a customer without a password, and (by default) an
 * emailed set-up link — all in the caller's transaction. An email that already has an account returns
 * that account unchanged and sends nothing (the caller attaches the booking to it, §7).
 */
export async function createPasswordlessCustomer(
  tx: DbOrTx,
  input: PasswordlessCustomerInput,
): Promise<{ userId: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const existing = await findUserByEmail(tx, email);
  if (existing) return { userId: existing.id, created: false };
  const [user] = await tx
    .insert(users)
    .values({
      id: randomUUID(),
      name: input.name.trim(),
      email,
      phone: input.phone ?? null,
      role: "customer",
      emailVerified: false,
    })
    .returning();
  if (!user) throw new Error("user insert returned nothing");
  if (input.sendSetupLink !== false) {
    const url = await createPasswordSetupLink(tx, user.id);
    await enqueueEmail(tx, {
      to: user.email,
      template: "setup-password",
      data: { name: user.name, url, reason: input.reason },
      userId: user.id,
    });
  }
  return { userId: user.id, created: true };
}
