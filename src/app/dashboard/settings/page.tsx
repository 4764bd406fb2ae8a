import type { Metadata } from "next";
import { TextLink } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/card";
import { routes } from "@/lib/routes";
import { EmailPreferencesSection, OwnAccountSections } from "@/modules/accounts/components/account-sections";
import { getAccountOrThrow } from "@/modules/accounts/server";
import { CalendarFeedsSection } from "@/modules/calendar-feeds/components/calendar-feeds-section";
import { loadCalendarFeedSlots } from "@/modules/calendar-feeds/server";
import { requireCustomerPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Account settings" };

export default async function AccountSettingsPage({
  searchParams,
}: {
  searchParams: Promise<{ emailChange?: string; updated?: string }>;
}) {
  const session = await requireCustomerPage(routes.accountSettings);
  const [user, feeds] = await Promise.all([getAccountOrThrow(session.id), loadCalendarFeedSlots(session.id)]);
  const { emailChange, updated } = await searchParams;
  return (
    <div className="max-w-2xl">
      <PageHeader title="Account settings" description="Your details, sign-in and the emails we send you." />
      <OwnAccountSections user={user} outcome={emailChange ?? updated}>
        <EmailPreferencesSection user={user} />
        <CalendarFeedsSection
          slots={feeds}
          description="Subscribe to your bookings from Google Calendar, Apple Calendar or Outlook. The link is private: anyone holding it can read it."
        />

        <p className="text-sm text-ink-muted">
          Download your data or delete your account in your{" "}
          <TextLink href={routes.privacySettings}>privacy settings</TextLink>.
        </p>
      </OwnAccountSections>
    </div>
  );
}
