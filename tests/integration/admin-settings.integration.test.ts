import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverEmail } from "@/modules/notifications/server/deliver-email";
import { enqueueEmail } from "@/modules/notifications/server/enqueue-email";
import { paymentProviderStatus } from "@/modules/payments/server/providers/provider-status";
import { cancellationSentence, rescheduleSentence } from "@/modules/settings/domain/policy-facts";
import {
  bookingRulesInput,
  businessSettingsInput,
  notificationSettingsInput,
  paymentSettingsInput,
  policyTextsInput,
} from "@/modules/settings/schemas";
import { saveSettingsSection } from "@/modules/settings/server/admin-settings";
import { getSettingsOrThrow } from "@/modules/settings/server/queries";
import { auditLog, webhookEvents } from "@/server/db/schema";
import type { MailTransport, OutgoingMail } from "@/server/email/transport";
import { insertSettings, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

const RULES = {
  slotIntervalMinutes: "30",
  minNoticeMinutes: "720",
  horizonDays: "60",
  bufferMinutes: "30",
  holdMinutes: "30",
  approvalRequired: false,
  freeCancellationHours: "24",
  lateCancellationFeePercent: "50",
  rescheduleCutoffHours: "24",
  rescheduleRequestExpiryHours: "48",
  reminderLeadHours: "24",
};

const fieldErrors = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("settings input", () => {
  it("says what to enter, field by field", () => {
    expect(fieldErrors(bookingRulesInput.safeParse({ ...RULES, slotIntervalMinutes: "7" }))).toEqual({
      slotIntervalMinutes:
        "Use an interval that fits an hour evenly (5, 10, 15, 20, 30, 60 …) or whole hours.",
    });
    expect(
      fieldErrors(bookingRulesInput.safeParse({ ...RULES, holdMinutes: "two", horizonDays: "0" })),
    ).toEqual({
      holdMinutes: "Enter the payment hold as a whole number from 5 to 1440 minutes.",
      horizonDays: "Enter how far ahead people can book as a whole number from 1 to 730 days.",
    });
    expect(
      fieldErrors(bookingRulesInput.safeParse({ ...RULES, minNoticeMinutes: "2880", horizonDays: "2" })),
    ).toEqual({
      minNoticeMinutes: "The minimum notice must be shorter than how far ahead people can book.",
    });
    expect(
      fieldErrors(
        businessSettingsInput.safeParse({
          businessName: " ",
          contactEmail: "nope",
          contactPhone: "call me",
          baseAddress: "1 High St",
          country: "XX",
          timeZone: "Mars/Olympus",
          currency: "ABC",
        }),
      ),
    ).toEqual({
      businessName: "Enter the business's name.",
      contactEmail: "Enter a valid email address, like name@example.com.",
      contactPhone: "Enter a phone number, like 07700 900123.",
      country: "Choose the country.",
      timeZone: "Choose the time zone from the list.",
      currency: "Choose the currency from the list.",
    });
    expect(
      fieldErrors(paymentSettingsInput.safeParse({ paymentMode: "barter", depositPercent: "0" })),
    ).toEqual({
      paymentMode: "Choose how customers pay.",
      depositPercent: "Enter the deposit as a whole number from 1 to 100 %.",
    });
    expect(
      fieldErrors(notificationSettingsInput.safeParse({ emailSenderName: "Evil <x@y>", emailReplyTo: "x" })),
    ).toEqual({
      emailSenderName: 'Use letters, numbers and spaces (no <, >, " or @).',
      emailReplyTo: "Enter a valid email address, like name@example.com.",
    });
  });
});

describe.each(dbKinds)("admin settings on %s", (kind) => {
  let t: TestDatabase;
  let admin: { id: string; ip: string };
  let customer: { id: string; ip: string };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db, { businessName: "Shine Street", contactEmail: "hello@shine.example" });
    admin = { id: (await insertUser(t.db, { role: "admin" })).id, ip: "203.0.113.4" };
    customer = { id: (await insertUser(t.db, { role: "customer" })).id, ip: "203.0.113.5" };
  });
  afterAll(async () => t.drop());
  beforeEach(async () => {
    await t.db.delete(auditLog);
  });

  const audits = () => t.db.select().from(auditLog).orderBy(desc(auditLog.at));

  it("refuses anyone but an admin, and changes nothing", async () => {
    const before = await getSettingsOrThrow(t.db);
    await expect(
      saveSettingsSection(
        t.db,
        customer,
        "rules",
        bookingRulesInput.parse({ ...RULES, freeCancellationHours: "1" }),
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await getSettingsOrThrow(t.db)).freeCancellationHours).toBe(before.freeCancellationHours);
    expect(await audits()).toHaveLength(0);
  });

  it("saves the booking rules with an audit row of what changed, and the policy sentences follow", async () => {
    const input = bookingRulesInput.parse({
      ...RULES,
      freeCancellationHours: "48",
      rescheduleCutoffHours: "12",
    });
    expect(await saveSettingsSection(t.db, admin, "rules", input)).toEqual({
      changed: ["freeCancellationHours", "rescheduleCutoffHours"],
    });
    const s = await getSettingsOrThrow(t.db);
    expect(s.freeCancellationHours).toBe(48);
    expect(cancellationSentence(s)).toContain("Cancel free of charge up to 2 days before your appointment");
    expect(rescheduleSentence(s)).toContain("up to 12 hours before it starts");
    const [row] = await audits();
    expect(row).toMatchObject({
      actorId: admin.id,
      ip: "203.0.113.4",
      action: "settings.rules",
      entity: "settings",
    });
    expect(row?.summary).toEqual({
      changes: {
        freeCancellationHours: { from: 24, to: 48 },
        rescheduleCutoffHours: { from: 24, to: 12 },
      },
    });
  });

  it("writes nothing when a save changes nothing", async () => {
    const s = await getSettingsOrThrow(t.db);
    const same = bookingRulesInput.parse({
      ...RULES,
      freeCancellationHours: String(s.freeCancellationHours),
      rescheduleCutoffHours: String(s.rescheduleCutoffHours),
    });
    expect(await saveSettingsSection(t.db, admin, "rules", same)).toEqual({ changed: [] });
    expect(await audits()).toHaveLength(0);
  });

  it("saves the business details, payments and policy texts tab by tab", async () => {
    await saveSettingsSection(
      t.db,
      admin,
      "business",
      businessSettingsInput.parse({
        businessName: "Shine Street Detailing",
        legalName: "",
        contactEmail: "Hello@Shine.example",
        contactPhone: "020 7946 0958",
        baseAddress: "1 Coldharbour Lane, London",
        country: "GB",
        timeZone: "Europe/London",
        currency: "GBP",
      }),
    );
    await saveSettingsSection(
      t.db,
      admin,
      "payments",
      paymentSettingsInput.parse({ paymentMode: "deposit", depositPercent: "25" }),
    );
    await saveSettingsSection(
      t.db,
      admin,
      "policies",
      policyTextsInput.parse({ bookingPolicyIntro: "**Read** this." }),
    );
    const s = await getSettingsOrThrow(t.db);
    expect(s).toMatchObject({ businessName: "Shine Street Detailing", contactEmail: "hello@shine.example" });
    expect(s).toMatchObject({ paymentMode: "deposit", depositPercent: 25 });
    expect(s.policyTexts.bookingPolicyIntro).toBe("**Read** this.");
    expect((await audits()).map((a) => a.action).sort()).toEqual([
      "settings.business",
      "settings.payments",
      "settings.policies",
    ]);
  });

  it("sends emails under the chosen name with replies to the chosen address", async () => {
    const sent: OutgoingMail[] = [];
    const transport: MailTransport = {
      kind: "smtp",
      send: async (mail) => {
        sent.push(mail);
        return { messageId: `<${sent.length}@test>` };
      },
      verify: async () => {},
    };
    const queue = () =>
      t.db.transaction((tx) =>
        enqueueEmail(tx, { to: "ada@example.test", template: "system-test", data: { requestedBy: "x" } }),
      );
    await deliverEmail(t.db, await queue(), { transport, from: "Forecourt <no-reply@forecourt.local>" });
    expect(sent[0]).toMatchObject({
      from: "Forecourt <no-reply@forecourt.local>",
      replyTo: "hello@shine.example",
    });

    await saveSettingsSection(
      t.db,
      admin,
      "notifications",
      notificationSettingsInput.parse({
        adminNotificationEmail: "",
        emailSenderName: "Shine Street Detailing",
        emailReplyTo: "bookings@shine.example",
      }),
    );
    await deliverEmail(t.db, await queue(), { transport, from: "Forecourt <no-reply@forecourt.local>" });
    expect(sent[1]).toMatchObject({
      from: '"Shine Street Detailing" <no-reply@forecourt.local>',
      replyTo: "bookings@shine.example",
    });
    expect((await getSettingsOrThrow(t.db)).adminNotificationEmail).toBeNull();
  });

  it("reports the payment provider and the last webhook received", async () => {
    const none = await paymentProviderStatus(t.db);
    expect(none).toMatchObject({ label: "Test mode", lastWebhookAt: null, lastFailure: null });
    await t.db.insert(webhookEvents).values([
      {
        provider: "test",
        eventId: "evt_1",
        type: "checkout.completed",
        payload: {},
        receivedAt: new Date(Date.now() - 60_000),
      },
      { provider: "test", eventId: "evt_2", type: "refund.failed", payload: {}, error: "No such payment" },
    ]);
    const status = await paymentProviderStatus(t.db);
    expect(status.lastWebhookType).toBe("refund.failed");
    expect(status.lastFailure?.type).toBe("refund.failed");
    await t.db.delete(webhookEvents).where(eq(webhookEvents.eventId, "evt_2"));
  });
});
