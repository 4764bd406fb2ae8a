import type { Metadata } from "next";
import { routes } from "@/lib/routes";
import { AuthCard, TextLink } from "@/modules/accounts/components/auth-card";
import { ConfirmEmailForm } from "@/modules/accounts/components/confirm-email-form";
import { ResendVerificationForm } from "@/modules/accounts/components/resend-verification-form";
import { confirmLinkState } from "@/modules/accounts/server";

// The token stays on this page: never sent on to another site in a Referer.
export const metadata: Metadata = { title: "Confirm your email", referrer: "no-referrer" };

type Search = { token?: string; email?: string };

// Without a token: "check your inbox" (with resend). With the emailed link's token: opening the page
// changes nothing; the person confirms with their password (ADR 0012), or is told why they can't.
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { token, email } = await searchParams;
  if (token === undefined) {
    return (
      <AuthCard
        title="Check your inbox"
        lead="We've sent a link to confirm your email address. It works for 24 hours."
      >
        <p className="mb-4 text-sm text-ink-muted">
          Nothing arrived? Check your spam folder, or send a new link:
        </p>
        <ResendVerificationForm email={email} />
      </AuthCard>
    );
  }
  const state = await confirmLinkState(token);
  if (state.kind === "confirmed") {
    return (
      <AuthCard title="Your email is confirmed" lead="This link has already been used. Sign in to continue.">
        <TextLink href={routes.login}>Sign in</TextLink>
      </AuthCard>
    );
  }
  if (state.kind === "unusable") {
    return (
      <AuthCard
        title="This link can't be used"
        lead="The confirmation link has expired (links work for 24 hours) or isn't complete — check that all of it was copied."
      >
        <p className="mb-4 text-sm text-ink-muted">
          Enter your email address and we&apos;ll send you a new link.
        </p>
        <ResendVerificationForm email={email} />
      </AuthCard>
    );
  }
  if (state.kind === "needs-setup") {
    return (
      <AuthCard
        title="Choose your password"
        lead={
          <>
            Your account for <strong className="text-ink">{state.email}</strong> has no password yet. Choose
            one to finish setting it up.
          </>
        }
      >
        <ConfirmEmailForm token={token} withPassword={false} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Confirm your email"
      lead={
        <>
          Enter the password you chose when you created the account for{" "}
          <strong className="text-ink">{state.email}</strong> to confirm your address and sign in.
        </>
      }
    >
      <ConfirmEmailForm token={token} withPassword />
      <p className="mt-8 border-t border-line pt-6 text-sm text-ink-muted">
        Forgotten the password, or didn&apos;t create this account yourself?{" "}
        <TextLink href={routes.forgotPassword}>Choose a new password</TextLink> — the old one will stop
        working.
      </p>
    </AuthCard>
  );
}
