import type { ReactNode } from "react";
import { Section } from "@/components/ui/card";
import { Checkbox, Field, Form, PhoneField, SubmitButton } from "@/components/ui/form/form";
import { Notice } from "@/components/ui/notice";
import {
  requestEmailChangeAction,
  updatePreferencesAction,
  updateProfileAction,
} from "@/modules/accounts/actions";
import type { AccountUser } from "../server/queries";
import { NewPasswordFields } from "./new-password-fields";

// The signed-in person's own account: profile, email change (confirmed from the new inbox), password
// and email preferences. One set of sections for the customer area (/dashboard/settings) and the back
// office (/admin/account); the actions behind them act on whoever is signed in, customer or admin.

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

/** The outcome an email-change link or a password change came back with (`?emailChange=` / `?updated=`). */
export function AccountNotice({ outcome }: { outcome: string | undefined }) {
  const notice = outcome && outcome in NOTICES ? NOTICES[outcome as keyof typeof NOTICES] : null;
  if (!notice) return null;
  return (
    <Notice kind={notice.kind} className="mt-4">
      {notice.text}
    </Notice>
  );
}

/**
 * Every role's own account, below the page's header: the outcome notice, then profile, sign-in email and
 * password, then what this role's page adds (email preferences, calendar feeds…).
 */
export function OwnAccountSections({
  user,
  outcome,
  children,
}: {
  user: Pick<AccountUser, "name" | "phone" | "email">;
  outcome: string | undefined;
  children: ReactNode;
}) {
  return (
    <>
      <AccountNotice outcome={outcome} />
      <div className="mt-6 space-y-6">
        <ProfileSection user={user} />
        <EmailSection user={user} />
        <PasswordSection />
        {children}
      </div>
    </>
  );
}

export function ProfileSection({ user }: { user: Pick<AccountUser, "name" | "phone"> }) {
  return (
    <Section title="Profile" className="sm:p-6">
      <div className="mt-5">
        <Form action={updateProfileAction} successMessage="Your profile has been saved." aria-label="Profile">
          <Field name="name" label="Name" autoComplete="name" defaultValue={user.name} />
          <PhoneField defaultValue={user.phone ?? ""} />
          <SubmitButton>Save profile</SubmitButton>
        </Form>
      </div>
    </Section>
  );
}

export function EmailSection({ user }: { user: Pick<AccountUser, "email"> }) {
  return (
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
  );
}

export function PasswordSection() {
  return (
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
  );
}

export function EmailPreferencesSection({
  user,
}: {
  user: Pick<AccountUser, "notifyReminders" | "marketingConsent">;
}) {
  return (
    <Section title="Emails we send you" className="sm:p-6">
      <div className="mt-5">
        <Form
          action={updatePreferencesAction}
          successMessage="Your email preferences have been saved."
          aria-label="Email preferences"
        >
          <p className="mb-4 text-sm text-ink-muted">
            Booking updates — confirmations, changes, receipts and refunds — always come: they are about your
            booking and your money.
          </p>
          <Checkbox
            name="notifyReminders"
            label="Reminders"
            help="A reminder before each appointment, and when a service you had is due again."
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
  );
}
