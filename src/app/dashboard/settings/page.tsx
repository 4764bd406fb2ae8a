import type { Metadata } from "next";
import { NewPasswordFields } from "@/modules/accounts/components/new-password-fields";
import Link from "next/link";
import { PageHeader, Section } from "@/components/ui/card";
import { Checkbox, Field, Form, SubmitButton } from "@/components/ui/form";
import { routes } from "@/lib/routes";
import { Notice } from "@/components/ui/notice";
import {
  requestEmailChangeAction,
  updatePreferencesAction,
  updateProfileAction,
} from "@/modules/accounts/actions";
import { getAccountOrThrow } from "@/modules/accounts/server";
import { requireCustomerPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Account settings" };

const NOTICES = {
  changed: { kind: "success", text: "Your email address has been changed." },
  expired: {
    kind: "error",
    text: "That email-change link has expired or has already been used. Ask for a new one below.",
  },
  taken: {
    kind: "error",
    text: "That email address now belongs to another account, so it could not be used.",
  },
  password: {
    kind: "success",
    text: "Your password has been changed. Your other devices have been signed out.",
  },
} as const;

export default async function AccountSettingsPage({
  searchParams,
}: {
  searchParams: Promise<{ emailChange?: string; updated?: string }>;
}) {
  const session = await requireCustomerPage(routes.accountSettings);
  const user = await getAccountOrThrow(session.id);
  const { emailChange, updated } = await searchParams;
  const key = emailChange ?? updated;
  const notice = key && key in NOTICES ? NOTICES[key as keyof typeof NOTICES] : null;
  return (
    <div className="max-w-2xl">
      <PageHeader title="Account settings" description="Your details, sign-in and the emails we send you." />
      {notice && (
        <Notice kind={notice.kind} className="mt-4">
          {notice.text}
        </Notice>
      )}

      <div className="mt-6 space-y-6">
        <Section title="Profile" className="sm:p-6">
          <div className="mt-5">
            <Form
              action={updateProfileAction}
              successMessage="Your profile has been saved."
              aria-label="Profile"
            >
              <Field name="name" label="Name" autoComplete="name" defaultValue={user.name} />
              <Field
                name="phone"
                label="Phone number"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                defaultValue={user.phone ?? ""}
              />
              <SubmitButton>Save profile</SubmitButton>
            </Form>
          </div>
        </Section>

        <Section title="Email address" description={`You sign in with ${user.email}.`} className="sm:p-6">
          <div className="mt-5">
            <Form
              action={requestEmailChangeAction}
              resetOnSuccess
              successMessage="Check the inbox of your new address: the change happens when you open the link we sent there (it works for 24 hours). We've also told your current address."
              aria-label="Change email address"
            >
              <Field name="newEmail" label="New email address" type="email" autoComplete="email" />
              <Field
                name="currentPassword"
                label="Current password"
                type="password"
                autoComplete="current-password"
              />
              <SubmitButton>Change email</SubmitButton>
            </Form>
          </div>
        </Section>

        <Section
          title="Password"
          description="Changing it signs you out on your other devices."
          className="sm:p-6"
        >
          <div className="mt-5">
            <Form endpoint="/api/account/change-password" followRedirect aria-label="Change password">
              <Field
                name="currentPassword"
                label="Current password"
                type="password"
                autoComplete="current-password"
              />
              <NewPasswordFields label="New password" confirmLabel="Confirm new password" />
              <SubmitButton>Change password</SubmitButton>
            </Form>
          </div>
        </Section>

        <Section title="Emails we send you" className="sm:p-6">
          <div className="mt-5">
            <Form
              action={updatePreferencesAction}
              successMessage="Your email preferences have been saved."
              aria-label="Email preferences"
            >
              <Checkbox
                name="notifyBookingEmails"
                label="Booking updates"
                help="Confirmations, changes and receipts. We always send what the law or your booking requires."
                defaultChecked={user.notifyBookingEmails}
              />
              <Checkbox
                name="notifyReminders"
                label="Reminders"
                help="A reminder before each appointment."
                defaultChecked={user.notifyReminders}
              />
              <Checkbox
                name="marketingConsent"
                label="News and offers"
                help="Occasional offers. You can stop them at any time."
                defaultChecked={user.marketingConsent}
              />
              <div className="mt-4">
                <SubmitButton>Save preferences</SubmitButton>
              </div>
            </Form>
          </div>
        </Section>

        <p className="text-sm text-ink-muted">
          Download your data or delete your account in your{" "}
          <Link href={routes.privacySettings} className="font-medium text-brand underline underline-offset-2">
            privacy settings
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
