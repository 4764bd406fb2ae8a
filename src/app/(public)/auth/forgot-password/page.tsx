import type { Metadata } from "next";
import { Field, Form, SubmitButton } from "@/components/ui/form/form";
import { routes } from "@/lib/routes";
import { AuthCard, TextLink } from "@/modules/accounts/components/auth-card";

export const metadata: Metadata = { title: "Forgot your password" };

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter your email address and we'll send you a link to choose a new one."
    >
      <Form
        endpoint="/api/account/forgot-password"
        aria-label="Reset your password"
        success={
          <div>
            <h2 className="text-lg font-semibold">Check your inbox</h2>
            <p className="mt-2 text-ink-muted">
              If an account exists for that email address, we&apos;ve sent it a link to choose a new password.
              The link works once, for 1 hour.
            </p>
            <p className="mt-4 text-sm">
              <TextLink href={routes.login}>Back to sign in</TextLink>
            </p>
          </div>
        }
      >
        <Field name="email" label="Email address" type="email" autoComplete="email" />
        <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <SubmitButton>Send the link</SubmitButton>
          <TextLink href={routes.login}>Back to sign in</TextLink>
        </div>
      </Form>
    </AuthCard>
  );
}
