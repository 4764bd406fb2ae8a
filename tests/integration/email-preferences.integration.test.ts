import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updatePreferences } from "@/modules/accounts/server/update-profile";
import { mayEmail } from "@/modules/accounts/server/may-email";
import { setDatabaseForProcess } from "@/server/db";
import { users } from "@/server/db/schema";
import { insertSettings, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Issue 17: reminders and marketing follow the customer's preferences; account, booking and money emails
// can't be switched off; an erased or unknown account gets nothing.

describe.each(dbKinds)("email preferences on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db);
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  it("reminders and marketing can be turned off; booking and money emails can't", async () => {
    const u = await insertUser(t.db);
    expect(await mayEmail(t.db, u.id, "reminder")).toBe(true);
    expect(await mayEmail(t.db, u.id, "marketing")).toBe(false);
    await updatePreferences(t.db, u, { notifyReminders: false, marketingConsent: true });
    expect(await mayEmail(t.db, u.id, "reminder")).toBe(false);
    expect(await mayEmail(t.db, u.id, "marketing")).toBe(true);
    // Even an old "booking updates off" choice does not stop a booking's or money's email.
    await t.db.update(users).set({ notifyBookingEmails: false }).where(eq(users.id, u.id));
    for (const k of ["booking", "money", "account"] as const)
      expect(await mayEmail(t.db, u.id, k)).toBe(true);
  });

  it("an erased or unknown account is emailed nothing", async () => {
    const u = await insertUser(t.db);
    await t.db.update(users).set({ anonymisedAt: new Date() }).where(eq(users.id, u.id));
    expect(await mayEmail(t.db, u.id, "booking")).toBe(false);
    expect(await mayEmail(t.db, "no-such-user", "booking")).toBe(false);
  });
});
