import type { Metadata } from "next";
import { cookies } from "next/headers";
import { TextLink } from "@/components/ui/link";
import { Checkbox, Field, Form, SubmitButton } from "@/components/ui/form/form";
import { Notice } from "@/components/ui/notice";
import { formatLongDate } from "@/lib/dates";
import { routes } from "@/lib/routes";
import { deleteAccountAction, setConsentAction, updateMarketingAction } from "@/modules/accounts/actions";
import { analyticsAllowed, CONSENT_COOKIE } from "@/modules/accounts/consent";
import { SettingsSection } from "@/modules/accounts/components/settings-section";
import { DELETE_CONFIRMATION } from "@/modules/accounts/schemas";
import { deletionBlocker } from "@/modules/accounts/server";
import { getAccountOrThrow } from "@/modules/accounts/server";
import { getSessionUser } from "@/server/auth";
import { getPublicSettings } from "@/modules/settings/server";
import { buttonClass } from "@/components/ui/button";

export const metadata: Metadata = { title: "Privacy settings" };

export default async function PrivacySettingsPage() {
  const [session, settings] = await Promise.all([getSessionUser(), getPublicSettings()]);
  const consent = (await cookies()).get(CONSENT_COOKIE)?.value;
  const user = session ? await getAccountOrThrow(session.id) : null;
  const blocker = session && session.role === "customer" ? await deletionBlocker(session.id) : null;
  return (
    // A customer reads it as a page of their account area (its tabs above, aligned like its other pages).
    <div
      className={
        session?.role === "customer"
          ? "mx-auto max-w-6xl px-4 py-6 sm:px-6 [&>*]:max-w-2xl"
          : "mx-auto max-w-2xl px-4 py-10 sm:px-6"
      }
    >
      <h1 className={`${session?.role === "customer" ? "text-2xl" : "text-3xl"} font-bold tracking-tight`}>
        Privacy settings
      </h1>
      <p className="mt-2 text-ink-muted">
        What we store and send is explained in our{" "}
        <TextLink href={routes.privacyPolicy}>privacy policy</TextLink>.
      </p>

      <div className="mt-8 space-y-6">
        <SettingsSection
          id="cookies"
          title="Cookies"
          lead="We use one essential cookie to keep you signed in. Optional analytics cookies are only used if you allow them; none are loaded before you choose."
        >
          <Form
            action={setConsentAction}
            successMessage="Your cookie choice has been saved."
            aria-label="Cookie choice"
          >
            <Checkbox
              name="analytics"
              label="Allow analytics cookies"
              help="Anonymous statistics that help us improve the site."
              defaultChecked={analyticsAllowed(consent)}
            />
            <div className="mt-4">
              <SubmitButton>Save cookie choice</SubmitButton>
            </div>
          </Form>
        </SettingsSection>

        {!user ? (
          <p className="text-sm text-ink-muted">
            <TextLink href={`${routes.login}?next=${encodeURIComponent(routes.privacySettings)}`}>
              Sign in
            </TextLink>{" "}
            to manage marketing emails, download your data or delete your account.
          </p>
        ) : (
          <>
            <SettingsSection id="marketing" title="Marketing emails">
              <Form
                action={updateMarketingAction}
                successMessage="Your choice has been saved."
                aria-label="Marketing emails"
              >
                <Checkbox
                  name="marketingConsent"
                  label="Send me news and offers"
                  help={
                    user.marketingConsentAt
                      ? `You agreed on ${formatLongDate(user.marketingConsentAt, settings.timeZone)}.`
                      : "You can stop them at any time."
                  }
                  defaultChecked={user.marketingConsent}
                />
                <div className="mt-4">
                  <SubmitButton>Save</SubmitButton>
                </div>
              </Form>
            </SettingsSection>

            <SettingsSection
              id="download"
              title="Download my data"
              lead="A file with your profile, vehicles, addresses, bookings, payments, consents and the emails we sent you."
            >
              {/* A plain link: the browser downloads the file. */}
              <a
                href={routes.dataExport}
                download
                className={buttonClass({ size: "lg", className: "font-semibold" })}
              >
                Download my data (JSON)
              </a>
            </SettingsSection>

            <SettingsSection id="delete" title="Delete my account">
              {session?.role === "admin" ? (
                <p className="text-sm text-ink-muted">
                  An admin account is removed by another admin, so the business is never left without one.
                </p>
              ) : blocker ? (
                <Notice kind="warning">
                  {blocker}{" "}
                  <TextLink href={routes.myBookings} tone="inherit">
                    Go to your bookings
                  </TextLink>
                </Notice>
              ) : (
                <>
                  <p className="text-sm text-ink-muted">
                    This erases your name, contact details, vehicles and addresses and signs you out. Records
                    of past bookings and payments are kept for our accounts, without anything that identifies
                    you. This cannot be undone.
                  </p>
                  <Form
                    action={deleteAccountAction}
                    followRedirect
                    aria-label="Delete my account"
                    className="mt-4"
                  >
                    <Field
                      name="confirmation"
                      label={`Type ${DELETE_CONFIRMATION} to confirm`}
                      autoComplete="off"
                    />
                    <SubmitButton variant="danger">Delete my account</SubmitButton>
                  </Form>
                </>
              )}
            </SettingsSection>
          </>
        )}
      </div>
    </div>
  );
}
