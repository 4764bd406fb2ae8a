import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { accounts, sessions, users } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { sendSetupLink } from "./auth/password-setup-link";
import { findUserByEmail, hasPassword } from "./queries";
import { notifySessionsEnded } from "@/server/realtime/publish";

/**
 * What someone trying to book with a deactivated account's email is told: what any booking the business
 * can't take online is told, with its phone and email — never that the email has an account, let alone
 * its state (issue 28 #7). Not tied to the email field either, for the same reason.
 */
export function cannotBookOnlineMessage(s: { contactPhone: string; contactEmail: string }): string {
  return `Sorry, we can't take this booking online. Please contact us on ${s.contactPhone} or at ${s.contactEmail} and we'll help you book.`;
}

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
 * that account unchanged and sends nothing (the caller attaches the booking to it, §7) — except an
 * unconfirmed account with a password: whoever chose that password never proved the address, and the
 * booking must not become readable with it (ADR 0012). Its password and sessions are dropped, it takes
 * this person's details, and the inbox is sent a set-up link.
 */
export async function createPasswordlessCustomer(
  tx: DbOrTx,
  input: PasswordlessCustomerInput,
): Promise<{ userId: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const existing = await findUserByEmail(tx, email);
  if (existing) {
    // A deactivated customer can't book with their email (PRODUCT.md §8): told to contact the business,
    // as for any booking not taken online; the admin is told to reactivate them. Thrown inside the
    // caller's transaction, so nothing is kept.
    if (existing.banned) {
      if (input.reason === "admin") {
        const message =
          "That email belongs to a deactivated customer: reactivate them on their profile first.";
        throw new AppError("FORBIDDEN", message, { email: [message] });
      }
      throw new AppError("FORBIDDEN", cannotBookOnlineMessage(await getSettingsOrThrow(tx)));
    }
    if (!existing.emailVerified && (await hasPassword(tx, existing.id))) {
      await tx.delete(accounts).where(eq(accounts.userId, existing.id));
      await tx.delete(sessions).where(eq(sessions.userId, existing.id));
      // Its open live-event streams end now, not at their next session check (issue 28).
      await notifySessionsEnded(tx, existing.id);
      const [reset] = await tx
        .update(users)
        .set({ name: input.name.trim() || existing.name, phone: input.phone ?? existing.phone })
        .where(eq(users.id, existing.id))
        .returning();
      if (input.sendSetupLink !== false) await sendSetupLink(tx, reset ?? existing, input.reason);
    }
    return { userId: existing.id, created: false };
  }
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
  if (input.sendSetupLink !== false) await sendSetupLink(tx, user, input.reason);
  return { userId: user.id, created: true };
}
