"use server";

import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import {
  bookingRulesInput,
  businessSettingsInput,
  notificationSettingsInput,
  paymentSettingsInput,
  policyTextsInput,
} from "./schemas";
import { saveSettingsSection } from "./server/admin-settings";

export const saveBusinessSettingsAction = adminAction(businessSettingsInput, async (input, user) =>
  saveSettingsSection(await getDb(), await requestActor(user.id), "business", input),
);
export const saveBookingRulesAction = adminAction(bookingRulesInput, async (input, user) =>
  saveSettingsSection(await getDb(), await requestActor(user.id), "rules", input),
);
export const savePaymentSettingsAction = adminAction(paymentSettingsInput, async (input, user) =>
  saveSettingsSection(await getDb(), await requestActor(user.id), "payments", input),
);
export const saveNotificationSettingsAction = adminAction(notificationSettingsInput, async (input, user) =>
  saveSettingsSection(await getDb(), await requestActor(user.id), "notifications", input),
);
export const savePolicyTextsAction = adminAction(policyTextsInput, async (input, user) =>
  saveSettingsSection(await getDb(), await requestActor(user.id), "policies", input),
);
