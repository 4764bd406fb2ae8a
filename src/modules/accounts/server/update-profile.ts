import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { users } from "@/server/db/schema";
import type { SessionUser } from "@/server/auth";
import type { PreferencesInput, ProfileInput } from "../schemas";

/** Name and phone of the signed-in person (only their own record). */
export async function updateProfile(
  db: Db,
  user: Pick<SessionUser, "id">,
  input: ProfileInput,
): Promise<void> {
  await db.update(users).set({ name: input.name, phone: input.phone }).where(eq(users.id, user.id));
}

/**
 * Notification preferences and/or marketing consent — only the fields given change. Consent records
 * when it was given (kept while unchanged, cleared when withdrawn).
 */
export async function updatePreferences(
  db: Db,
  user: Pick<SessionUser, "id">,
  input: Partial<PreferencesInput>,
  { now = new Date() }: { now?: Date } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for("update");
    if (!current) return;
    const consent = input.marketingConsent ?? current.marketingConsent;
    await tx
      .update(users)
      .set({
        notifyBookingEmails: input.notifyBookingEmails ?? current.notifyBookingEmails,
        notifyReminders: input.notifyReminders ?? current.notifyReminders,
        marketingConsent: consent,
        marketingConsentAt:
          consent === current.marketingConsent ? current.marketingConsentAt : consent ? now : null,
      })
      .where(eq(users.id, user.id));
  });
}
