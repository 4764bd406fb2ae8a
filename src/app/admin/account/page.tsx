import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/card";
import { routes } from "@/lib/routes";
import { OwnAccountSections } from "@/modules/accounts/components/account-sections";
import { getAccountOrThrow } from "@/modules/accounts/server";
import { CalendarFeedsSection } from "@/modules/calendar-feeds/components/calendar-feeds-section";
import { loadCalendarFeedSlots } from "@/modules/calendar-feeds/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Your account" };

/** The admin's own profile, sign-in email and password: the customer area's sections, in the back office. */
export default async function AdminAccountPage({
  searchParams,
}: {
  searchParams: Promise<{ emailChange?: string; updated?: string }>;
}) {
  const session = await requireAdminPage(routes.adminAccount);
  const [user, feeds] = await Promise.all([getAccountOrThrow(session.id), loadCalendarFeedSlots(session.id)]);
  const { emailChange, updated } = await searchParams;
  return (
    <div className="max-w-2xl">
      <PageHeader
        title="Your account"
        description="Your name and phone, the email you sign in with, your password and your calendar feeds."
      />
      <OwnAccountSections user={user} outcome={emailChange ?? updated}>
        <CalendarFeedsSection
          slots={feeds}
          description="Subscribe to the schedule from Google Calendar, Apple Calendar or Outlook. The links are private: anyone holding one can read that calendar."
        />
      </OwnAccountSections>
    </div>
  );
}
