"use client";

import { type ReactNode, useState } from "react";
import type { PolicySettings } from "../domain/policy-facts";

// What the tabs of /admin/settings share: the settings they show, the section they sit in, and the
// values as typed. Each tab is its own form, saved on its own; where a value has an effect people should
// know about before saving (the zone, the currency), the form says so as it is chosen, and the booking
// rules show the sentences customers will read on the policy page as they are typed.

export type SettingsValues = PolicySettings & {
  businessName: string;
  legalName: string;
  contactEmail: string;
  contactPhone: string;
  baseAddress: string;
  country: string;
  currency: string;
  slotIntervalMinutes: number;
  bufferMinutes: number;
  rescheduleRequestExpiryHours: number;
  startLeadMinutes: number;
  maxVehiclesPerBooking: number;
  bundleSecondVehiclePercent: number;
  bundleLaterVehiclePercent: number;
  bundleMinutesSavedPerExtraVehicle: number;
  adminNotificationEmail: string | null;
  alertNewBookings: boolean;
  alertCancellations: boolean;
  alertPayments: boolean;
  alertRefunds: boolean;
  emailSenderName: string | null;
  emailReplyTo: string | null;
  noShowFeePercent: number;
  vatRegistered: boolean;
  vatNumber: string;
  vatRateBp: number;
  policyTexts: { bookingPolicyIntro: string; privacyIntro: string; termsIntro: string; extraTerms: string };
};

/** The form's current values by name, updated as the person types (for previews and warnings). */
export function useLiveValues(initial: Record<string, string | boolean>) {
  const [values, setValues] = useState(initial);
  const onChange = (event: React.FormEvent<HTMLDivElement>) => {
    const el = event.target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
    if (!el.name) return;
    const value = el instanceof HTMLInputElement && el.type === "checkbox" ? el.checked : el.value;
    setValues((v) => ({ ...v, [el.name]: value }));
  };
  return { values, onChange };
}

/** A typed number, or `fallback` while the field is empty or not a number yet. */
export const num = (v: string | boolean | undefined, fallback: number) => {
  const n = Number(v);
  return typeof v === "string" && v.trim() !== "" && Number.isFinite(n) ? n : fallback;
};

export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="max-w-2xl">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-ink-muted">{description}</p>
      <div className="mt-4">{children}</div>
    </div>
  );
}
