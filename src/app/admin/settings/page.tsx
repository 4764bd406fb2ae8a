import type { Metadata } from "next";
import { TextLink } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/card";
import { Tabs } from "@/components/ui/nav/tabs";
import { formatDateTime } from "@/lib/dates";
import { routes } from "@/lib/routes";
import { AdminTeam } from "@/modules/accounts/components/admin-team";
import { StaffTeam } from "@/modules/accounts/components/staff-team";
import { loadAdmins, loadStaff } from "@/modules/accounts/server";
import { listTeamsForAdmin } from "@/modules/availability/server";
import { emailSenderAddress } from "@/modules/notifications/server";
import { loadPaymentProviderStatus } from "@/modules/payments/server";
import { BookingRulesForm } from "@/modules/settings/components/booking-rules-form";
import { BusinessSettingsForm } from "@/modules/settings/components/business-settings-form";
import { NotificationSettingsForm } from "@/modules/settings/components/notification-settings-form";
import { PaymentSettingsForm } from "@/modules/settings/components/payment-settings-form";
import { PolicyTextsForm } from "@/modules/settings/components/policy-texts-form";
import { businessChoices } from "@/modules/settings/domain/choices";
import { getPublicSettings } from "@/modules/settings/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Business settings" };

/** The business's settings, a tab per group, each saved on its own (every change audited). */
export default async function AdminSettingsPage() {
  const user = await requireAdminPage(routes.adminSettings);
  const [s, provider, admins, staff, teams] = await Promise.all([
    getPublicSettings(),
    loadPaymentProviderStatus(),
    loadAdmins(user),
    loadStaff(user),
    listTeamsForAdmin(),
  ]);
  const when = (d: Date) => formatDateTime(d, s.timeZone);
  return (
    <div>
      <PageHeader
        title="Business settings"
        description="Your business details, booking rules, payments, emails, policy texts, who can run the back office, and the technicians on your team."
      />
      <Tabs
        label="Settings"
        param="tab"
        className="mt-6"
        items={[
          {
            value: "business",
            label: "Business",
            content: <BusinessSettingsForm s={s} choices={businessChoices(s.country)} />,
          },
          { value: "rules", label: "Booking rules", content: <BookingRulesForm s={s} /> },
          {
            value: "payments",
            label: "Payments",
            content: (
              <PaymentSettingsForm
                s={s}
                provider={{
                  label: provider.label,
                  detail: provider.detail,
                  lastWebhook: provider.lastWebhookAt
                    ? `Last event received ${when(provider.lastWebhookAt)} (${provider.lastWebhookType}).`
                    : null,
                  webhookProblem: provider.lastFailure
                    ? `An event could not be processed on ${when(provider.lastFailure.at)} (${provider.lastFailure.type}); see the log.`
                    : null,
                }}
              />
            ),
          },
          {
            value: "area",
            label: "Service area",
            content: (
              <div className="max-w-2xl">
                <h2 className="text-lg font-semibold">Service area</h2>
                <p className="mt-1 text-sm text-ink-muted">
                  The postcodes you cover, each zone&apos;s travel time and surcharge, are edited with the
                  prices.
                </p>
                <p className="mt-4">
                  <TextLink href={`${routes.adminPricing}#travel-zones`} tone="ink">
                    Edit travel zones
                  </TextLink>
                </p>
              </div>
            ),
          },
          {
            value: "notifications",
            label: "Notifications",
            content: <NotificationSettingsForm s={s} fromAddress={emailSenderAddress()} />,
          },
          { value: "policies", label: "Policy texts", content: <PolicyTextsForm s={s} /> },
          {
            value: "admins",
            label: "Admins",
            content: (
              <AdminTeam
                members={admins.map((a) => ({
                  id: a.id,
                  name: a.name,
                  email: a.email,
                  status: a.status,
                  inviteExpires: a.inviteExpiresAt ? when(a.inviteExpiresAt) : null,
                  isYou: a.isYou,
                }))}
              />
            ),
          },
          {
            value: "team",
            label: "Team members",
            content: (
              <StaffTeam
                members={staff.map((m) => ({
                  id: m.id,
                  name: m.name,
                  email: m.email,
                  status: m.status,
                  teamIds: m.teamIds,
                  inviteExpires: m.inviteExpiresAt ? when(m.inviteExpiresAt) : null,
                }))}
                // Every team: a van being set up (not taking bookings yet) can have its crew already.
                teams={teams.map((t) => ({
                  id: t.id,
                  name: t.isActive ? t.name : `${t.name} (not taking bookings)`,
                }))}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
