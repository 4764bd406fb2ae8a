import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { homeFor, routes } from "@/lib/routes";
import { AuthCard, TextLink } from "@/modules/accounts/components/auth-card";
import { ResendVerificationForm } from "@/modules/accounts/components/resend-verification-form";
import { getSessionUser } from "@/server/auth";

export const metadata: Metadata = { title: "Confirm your email" };

type Search = { error?: string; landing?: string; email?: string };

// Three states: "check your inbox" (with resend), the landing of the emailed link (better-auth has
// verified the address and signed the person in, or says why not), and an expired/used link.
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { error, landing, email } = await searchParams;
  if (error) {
    return (
      <AuthCard
        title="This link can't be used"
        lead={
          error === "TOKEN_EXPIRED"
            ? "The confirmation link has expired (links work for 24 hours)."
            : "The confirmation link is not valid any more — it may have been replaced by a newer one."
        }
      >
        <p className="mb-4 text-sm text-ink-muted">
          Enter your email address and we&apos;ll send you a new link.
        </p>
        <ResendVerificationForm email={email} />
      </AuthCard>
    );
  }
  if (landing) {
    const user = await getSessionUser();
    if (user) redirect(homeFor(user.role));
    return (
      <AuthCard title="Your email is confirmed" lead="This link has already been used. Sign in to continue.">
        <TextLink href={routes.login}>Sign in</TextLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Check your inbox"
      lead="We've sent a link to confirm your email address. Open it on this device to finish — it works for 24 hours."
    >
      <p className="mb-4 text-sm text-ink-muted">
        Nothing arrived? Check your spam folder, or send a new link:
      </p>
      <ResendVerificationForm email={email} />
    </AuthCard>
  );
}
