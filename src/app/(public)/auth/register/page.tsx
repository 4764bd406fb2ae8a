import type { Metadata } from "next";
import { NewPasswordFields } from "@/modules/accounts/components/new-password-fields";
import { Field, Form, PhoneField, SubmitButton } from "@/components/ui/form/form";
import { routes } from "@/lib/routes";
import { AuthCard, TextLink } from "@/modules/accounts/components/auth-card";
import { ResendVerificationForm } from "@/modules/accounts/components/resend-verification-form";
import { redirectIfSignedIn } from "@/server/auth/redirect-signed-in";

export const metadata: Metadata = { title: "Create an account" };

export default async function RegisterPage() {
  await redirectIfSignedIn();
  return (
    <AuthCard title="Create an account" lead="Book faster, and see and change your bookings any time.">
      <Form
        endpoint="/api/account/register"
        aria-label="Create an account"
        success={
          <div>
            <h2 className="text-lg font-semibold">Check your inbox</h2>
            <p className="mt-2 text-ink-muted">
              We&apos;ve sent you an email with a link to confirm your address and finish creating your
              account. The link works for 24 hours.
            </p>
            <p className="mt-4 text-sm text-ink-muted">
              Nothing arrived after a few minutes? Check your spam folder, or send a new link:
            </p>
            <div className="mt-4">
              <ResendVerificationForm />
            </div>
          </div>
        }
      >
        <Field name="name" label="Your name" autoComplete="name" />
        <Field name="email" label="Email address" type="email" autoComplete="email" />
        <PhoneField help="So we can reach you on the day." />
        <NewPasswordFields label="Password" confirmLabel="Confirm password" />
        <div className="mt-6">
          <SubmitButton>Create account</SubmitButton>
        </div>
      </Form>
      <p className="mt-8 border-t border-line pt-6 text-sm text-ink-muted">
        Already have an account? <TextLink href={routes.login}>Sign in</TextLink>
      </p>
    </AuthCard>
  );
}
