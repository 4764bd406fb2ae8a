import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabaseForProcess } from "@/server/db";
import {
  accounts,
  bookings,
  emails,
  rateLimits,
  sessions,
  users,
  vehicles,
  verifications,
} from "@/server/db/schema";
import { consumeRateLimit, enforceAuthRateLimit } from "@/server/rate-limit";
import { createPasswordlessCustomer } from "@/modules/accounts/server/create-passwordless-customer";
import { confirmEmailChange, OTHER_ACCOUNT_MESSAGE } from "@/modules/accounts/server/auth/change-email";
import { deleteAccount, deletionBlocker } from "@/modules/accounts/server/delete-account";
import {
  insertBooking,
  insertSettings,
  insertTeam,
  insertUser,
  insertVehicle,
  insertVehicleSize,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

describe.each(dbKinds)("accounts on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, { contactEmail: "hello@example.test" });
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  describe("rate limits", () => {
    it("count attempts in a fixed window and start again after it", async () => {
      const t0 = new Date("2030-01-01T10:00:00Z");
      const results = [];
      for (let i = 0; i < 4; i++)
        results.push(await consumeRateLimit(t.db, "login:email:a@example.test", 3, 60, t0));
      expect(results.map((r) => r.ok)).toEqual([true, true, true, false]);
      expect(results[3]?.retryAfterSeconds).toBe(60);
      await enforceAuthRateLimit(t.db, "forgot", "9.9.9.9", "Someone@Example.test");
      const keys = (await t.db.select().from(rateLimits))
        .map((r) => r.key)
        .filter((k) => k.startsWith("forgot:"));
      expect(keys).toHaveLength(2);
      expect(keys.join()).not.toMatch(/someone|example/i);
      const later = await consumeRateLimit(
        t.db,
        "login:email:a@example.test",
        3,
        60,
        new Date(t0.getTime() + 61_000),
      );
      expect(later).toMatchObject({ ok: true, count: 1 });
    });

    it("never lets concurrent attempts slip past the limit", async () => {
      const now = new Date("2030-01-01T11:00:00Z");
      const results = await Promise.all(
        Array.from({ length: 20 }, () => consumeRateLimit(t.db, "login:ip:1.2.3.4", 5, 60, now)),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(5);
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    });
  });

  describe("password-less customers", () => {
    it("creates the customer, a 7-day set-up token and the email in the caller's transaction", async () => {
      const { userId, created } = await t.db.transaction((tx) =>
        createPasswordlessCustomer(tx, {
          name: "Guest One",
          email: "Guest.One@Example.test",
          reason: "booking",
        }),
      );
      expect(created).toBe(true);
      const [user] = await t.db.select().from(users).where(eq(users.id, userId));
      expect(user).toMatchObject({ email: "guest.one@example.test", emailVerified: false, role: "customer" });
      expect(await t.db.select().from(accounts).where(eq(accounts.userId, userId))).toHaveLength(0);
      const [token] = await t.db.select().from(verifications).where(eq(verifications.value, userId));
      expect(token?.identifier).toMatch(/^reset-password:/);
      const days = ((token?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      const [mail] = await t.db.select().from(emails).where(eq(emails.userId, userId));
      expect(mail).toMatchObject({ template: "setup-password", to: "guest.one@example.test" });
      expect((mail?.data as { url: string }).url).toContain("/auth/setup-password?token=");
    });

    it("returns an existing account unchanged and sends nothing", async () => {
      const existing = await insertUser(t.db, { email: "known@example.test", name: "Known Person" });
      const before = (await t.db.select().from(emails)).length;
      const out = await t.db.transaction((tx) =>
        createPasswordlessCustomer(tx, {
          name: "Someone Else",
          email: "KNOWN@example.test",
          reason: "booking",
        }),
      );
      expect(out).toEqual({ userId: existing.id, created: false });
      const [user] = await t.db.select().from(users).where(eq(users.id, existing.id));
      expect(user?.name).toBe("Known Person");
      expect((await t.db.select().from(emails)).length).toBe(before);
    });

    it("leaves nothing behind when the caller's transaction fails", async () => {
      await expect(
        t.db.transaction(async (tx) => {
          await createPasswordlessCustomer(tx, {
            name: "Rolled Back",
            email: "rolled@example.test",
            reason: "admin",
          });
          throw new Error("booking failed");
        }),
      ).rejects.toThrow("booking failed");
      expect(await t.db.select().from(users).where(eq(users.email, "rolled@example.test"))).toHaveLength(0);
      expect(await t.db.select().from(emails).where(eq(emails.to, "rolled@example.test"))).toHaveLength(0);
    });
  });

  describe("email change confirmation", () => {
    const put = async (userId: string, token: string, to: string) => {
      const expiresAt = new Date(Date.now() + 3600_000);
      await t.db.insert(verifications).values([
        { id: crypto.randomUUID(), identifier: `change-email:${token}`, value: userId, expiresAt },
        { id: crypto.randomUUID(), identifier: `change-email:${token}:email`, value: to, expiresAt },
      ]);
    };

    it("changes the address once, refuses a taken one, and tells the old address", async () => {
      const u = await insertUser(t.db, { email: "old@example.test", name: "Mover" });
      await insertUser(t.db, { email: "taken@example.test" });
      await put(u.id, "tok_taken_0000", "taken@example.test");
      expect(await confirmEmailChange(t.db, u, { token: "tok_taken_0000" })).toBe("taken");
      await put(u.id, "tok_good_00000", "new@example.test");
      expect(await confirmEmailChange(t.db, u, { token: "tok_good_00000" })).toBe("changed");
      expect(await confirmEmailChange(t.db, u, { token: "tok_good_00000" })).toBe("expired");
      const [after] = await t.db.select().from(users).where(eq(users.id, u.id));
      expect(after).toMatchObject({ email: "new@example.test", emailVerified: true });
      const notices = await t.db.select().from(emails).where(eq(emails.template, "email-changed"));
      expect(notices.map((m) => m.to)).toContain("old@example.test");
    });

    it("judges the link's expiry by the clock it is given", async () => {
      const u = await insertUser(t.db, { email: "clock@example.test" });
      await put(u.id, "tok_clock_0000", "clock-new@example.test");
      const later = new Date(Date.now() + 2 * 3600_000);
      expect(await confirmEmailChange(t.db, u, { token: "tok_clock_0000" }, { now: later })).toBe("expired");
      expect(await confirmEmailChange(t.db, u, { token: "tok_clock_0000" })).toBe("changed");
    });

    it("is refused to any account but the one that asked, and the link stays usable for it", async () => {
      // The attack: an account asks for victim@ and the victim, signed in to their own account, clicks.
      const asker = await insertUser(t.db, { email: "asker@example.test" });
      const victim = await insertUser(t.db, { email: "victim-own@example.test" });
      await put(asker.id, "tok_victim_000", "victim-inbox@example.test");
      const refusal = await confirmEmailChange(t.db, victim, { token: "tok_victim_000" }).catch(
        (e: unknown) => e,
      );
      expect(refusal).toMatchObject({ code: "FORBIDDEN", message: OTHER_ACCOUNT_MESSAGE });
      expect(String((refusal as Error).message)).not.toMatch(/asker/);
      const [unchanged] = await t.db.select().from(users).where(eq(users.id, asker.id));
      expect(unchanged).toMatchObject({ email: "asker@example.test" });
      expect(
        await t.db.select().from(users).where(eq(users.email, "victim-inbox@example.test")),
      ).toHaveLength(0);
      expect(await confirmEmailChange(t.db, asker, { token: "tok_victim_000" })).toBe("changed");
    });
  });

  describe("account deletion", () => {
    it("is refused while a booking is upcoming, then erases the person and keeps their bookings anonymised", async () => {
      const u = await insertUser(t.db, {
        email: "leaver@example.test",
        name: "Lee Ver",
        phone: "07700 900000",
        password: "Some-Long-Pass-1",
      });
      const size = await insertVehicleSize(t.db);
      const team = await insertTeam(t.db);
      await insertVehicle(t.db, { ownerId: u.id, vehicleSizeId: size.id, registration: "AB12 CDE" });
      const upcoming = await insertBooking(t.db, {
        customerId: u.id,
        teamId: team.id,
        startsAt: new Date(Date.now() + 86_400_000 * 3),
      });
      const past = await insertBooking(t.db, {
        customerId: u.id,
        teamId: team.id,
        status: "completed",
        paidMinor: 8500,
        startsAt: new Date(Date.now() - 86_400_000 * 30),
        customerNotes: "Gate code 1234",
      });
      expect(await deletionBlocker(u.id)).toMatch(/upcoming booking \(FC-/);
      const session = { id: u.id, name: u.name, email: u.email, role: "customer" as const };
      await expect(deleteAccount(t.db, session)).rejects.toThrow(/upcoming booking/);

      await t.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, upcoming.id));
      expect(await deletionBlocker(u.id)).toBeNull();
      await deleteAccount(t.db, session);

      const [after] = await t.db.select().from(users).where(eq(users.id, u.id));
      expect(after).toMatchObject({
        name: "Deleted customer",
        phone: null,
        banned: true,
        marketingConsent: false,
      });
      expect(after?.email).toMatch(/@deleted\.invalid$/);
      expect(after?.anonymisedAt).toBeInstanceOf(Date);
      expect(await t.db.select().from(accounts).where(eq(accounts.userId, u.id))).toHaveLength(0);
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
      expect(await t.db.select().from(vehicles).where(eq(vehicles.ownerId, u.id))).toHaveLength(0);
      const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, past.id));
      expect(kept?.totalMinor).toBe(8500);
      expect(kept?.customerNotes).toBeNull();
      expect(kept?.vehicleSnapshot.registration).toBe("REMOVED");
      expect(kept?.addressSnapshot.line1).toBe("Removed");
      expect(kept?.addressSnapshot.postcode).toBe("SW9");
      const [bye] = await t.db.select().from(emails).where(eq(emails.template, "account-deleted"));
      expect(bye?.to).toBe("leaver@example.test");
      expect(await t.db.select().from(emails).where(like(emails.to, "leaver@%"))).toHaveLength(1);
    });

    it("is refused for an admin", async () => {
      const a = await insertUser(t.db, { role: "admin" });
      await expect(deleteAccount(t.db, { id: a.id, role: "admin" })).rejects.toThrow(/another admin/);
    });
  });
});

describe("npm run admin:create", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-admin-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = (...args: string[]) =>
    spawnSync(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "scripts/create-admin.ts", ...args],
      {
        env: {
          ...process.env,
          PGLITE_DIR: path.join(dir, "pglite"),
          DATABASE_URL: "",
          APP_URL: "https://book.example.com",
          LOG_LEVEL: "silent",
        },
        encoding: "utf8",
        timeout: 60_000,
      },
    );

  it("creates an admin and prints a single-use set-up link on the public URL", () => {
    const res = run("--email", "Owner@Example.com", "--name", "Sam Owner");
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/Admin owner@example\.com is ready/);
    expect(res.stdout).toMatch(/https:\/\/book\.example\.com\/auth\/setup-password\?token=[\w-]{20,}/);
  });

  it("explains its usage when arguments are missing", () => {
    const res = run("--email", "not-an-email");
    expect(res.status).toBe(1);
    expect(res.stderr).toContain("Usage: npm run admin:create");
  });
});
