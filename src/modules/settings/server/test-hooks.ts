import "server-only";
import { z } from "zod";
import { getDb } from "@/server/db";
import { publish } from "@/server/realtime/publish";
import { updateSettings } from "./update-settings";

// Used only by the end-to-end suite through /api/test/* (which exist only with ENABLE_TEST_ROUTES).

export const testSettingsInput = z.object({
  freeCancellationHours: z.number().int().min(0).max(720).optional(),
  lateCancellationFeePercent: z.number().int().min(0).max(100).optional(),
  depositPercent: z.number().int().min(1).max(100).optional(),
  paymentMode: z.enum(["full", "deposit", "on_the_day"]).optional(),
  rescheduleCutoffHours: z.number().int().min(0).max(720).optional(),
  rescheduleRequestExpiryHours: z.number().int().min(1).max(720).optional(),
  horizonDays: z.number().int().min(1).max(730).optional(),
  minNoticeMinutes: z.number().int().min(0).max(10080).optional(),
  reminderLeadHours: z.number().int().min(1).max(336).optional(),
  vatRegistered: z.boolean().optional(),
  vatNumber: z.string().max(20).optional(),
  /** Whose public holidays close the demo (the e2e suite keeps none but in the holidays spec, ADR 0055). */
  holidayRegion: z.enum(["GB-ENG", "GB-SCT", "GB-NIR", "none"]).optional(),
});

export async function applyTestSettings(input: z.infer<typeof testSettingsInput>) {
  const db = await getDb();
  return db.transaction((tx) => updateSettings(tx, input));
}

export async function publishTestEvent(reference: string) {
  const db = await getDb();
  return db.transaction((tx) =>
    publish(
      tx,
      "booking.updated",
      { audience: "admins" },
      { bookingId: "test", reference, status: "confirmed" },
    ),
  );
}
