import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/card";
import { TextLink } from "@/components/ui/link";
import { routes } from "@/lib/routes";
import { OwnAccountSections } from "@/modules/accounts/components/account-sections";
import { getAccountOrThrow } from "@/modules/accounts/server";
import { CalendarFeedsSection } from "@/modules/calendar-feeds/components/calendar-feeds-section";
import { loadCalendarFeedSlots } from "@/modules/calendar-feeds/server";
import { requireStaffPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Your account" };

/**
 * A technician's own name, phone, sign-in email and password (the account sections every role has), and
 * their teams' jobs as a calendar feed for the phone's calendar.
 */
export default async function StaffAccountPage({
  searchParams,
}: {
  searchParams: Promise<{ emailChange?: string; updated?: string }>;
}) {
  const session = await requireStaffPage(routes.staffAccount);
  const [user, feeds] = await Promise.all([getAccountOrThrow(session.id), loadCalendarFeedSlots(session.id)]);
  const { emailChange, updated } = await searchParams;
  return (
    <div>
      <p>
        <TextLink href={routes.staff}>← Back to my day</TextLink>
      </p>
      <PageHeader
        title="Your account"
        description="Your name and phone, the email you sign in with, your password and your calendar feed."
      />
      <OwnAccountSections user={user} outcome={emailChange ?? updated}>
        <CalendarFeedsSection
          slots={feeds}
          description="See your jobs in Google Calendar, Apple Calendar or Outlook on your phone. The link is private: anyone holding it can read your jobs, so keep it to yourself."
        />
      </OwnAccountSections>
    </div>
  );
}
