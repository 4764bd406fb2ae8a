import type { DbOrTx } from "@/server/db/client";
import { settings, type PolicyTexts } from "@/server/db/schema";

export const defaultPolicyTexts: PolicyTexts = {
  bookingPolicyIntro:
    "We want every visit to go smoothly. These rules are short, and they are the same rules our booking system applies — the numbers below are read from our live settings.",
  privacyIntro:
    "We collect only what we need to book, carry out and get paid for your vehicle service, and we never sell your data.",
  termsIntro:
    "These terms apply when you book a service with us online, by phone or in person. Please read them together with our booking policies.",
  extraTerms: "",
};

export function buildSettings(
  overrides: Partial<typeof settings.$inferInsert> = {},
): typeof settings.$inferInsert {
  return {
    id: 1,
    businessName: "Forecourt Demo",
    contactEmail: "hello@example.test",
    contactPhone: "020 7946 0000",
    baseAddress: "1 Test Street, London SW9 8AB",
    policyTexts: defaultPolicyTexts,
    // No public holidays unless a test asks for them: tests pick dates relative to today, and a bank
    // holiday falling on one would close it some weeks of the year (ADR 0055). The seeds say GB-ENG.
    holidayRegion: "none",
    ...overrides,
  };
}

export async function insertSettings(db: DbOrTx, overrides: Partial<typeof settings.$inferInsert> = {}) {
  const [row] = await db.insert(settings).values(buildSettings(overrides)).returning();
  if (!row) throw new Error("settings insert returned nothing");
  return row;
}
