import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db";
import { users } from "@/server/db/schema";
import type { SessionUser } from "@/server/auth";
import type { PreferencesInput, ProfileInput } from "../schemas";

/** Name and phone of the signed-in person (only their own record). */
export async function updateProfile(user: SessionUser, input: ProfileInput): Promise<void> {
  const db = await getDb();
  await db.update(users).set({ name: input.name, phone: input.phone }).where(eq(users.id, user.id));
}

/** Notification preferences and marketing consent; consent records when it was given. */
export async function updatePreferences(user: SessionUser, input: PreferencesInput): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, user.id));
    if (!current) return;
    await tx
      .update(users)
      .set({
        notifyBookingEmails: input.notifyBookingEmails,
        notifyReminders: input.notifyReminders,
        marketingConsent: input.marketingConsent,
        marketingConsentAt:
          input.marketingConsent === current.marketingConsent
            ? current.marketingConsentAt
            : input.marketingConsent
              ? new Date()
              : null,
      })
      .where(eq(users.id, user.id));
  });
}
