import type { Metadata } from "next";
import { Checkbox, Field, Form, SubmitButton } from "@/components/ui/form/form";
import { routes, safeNextPath } from "@/lib/routes";
import { AuthCard, TextLink } from "@/modules/accounts/components/auth-card";
import { StaffCopyGuard } from "@/modules/staff/components/staff-copy-guard";
import { redirectIfSignedIn } from "@/server/auth/redirect-signed-in";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  await redirectIfSignedIn();
  const { next } = await searchParams;
  return (
    <AuthCard title="Sign in" lead="Manage your bookings, vehicles and addresses.">
      {/* No one is signed in: a technician's offline day kept on this browser goes (issue 41 §7). */}
      <StaffCopyGuard />
      <Form
        endpoint="/api/account/login"
        extra={{ next: safeNextPath(next, "") || undefined }}
        followRedirect
        aria-label="Sign in"
      >
        <Field name="email" label="Email address" type="email" autoComplete="email" />
        <Field name="password" label="Password" type="password" autoComplete="current-password" />
        <Checkbox
          name="rememberMe"
          label="Keep me signed in on this device"
          help="For 30 days. Leave it off on a shared computer."
        />
        <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <SubmitButton>Sign in</SubmitButton>
          <TextLink href={routes.forgotPassword}>Forgot your password?</TextLink>
        </div>
      </Form>
      <div className="mt-8 space-y-2 border-t border-line pt-6 text-sm text-ink-muted">
        <p>
          New here? <TextLink href={routes.register}>Create an account</TextLink>
        </p>
        <p>
          Waiting for your confirmation email? <TextLink href={routes.verifyEmail}>Send a new link</TextLink>
        </p>
      </div>
    </AuthCard>
  );
}
