import type { Metadata } from "next";
import { Form, SubmitButton } from "@/components/ui/form/form";
import { routes } from "@/lib/routes";
import { confirmEmailChangeAction } from "@/modules/accounts/actions";
import { AuthCard, TextLink } from "@/modules/accounts/components/auth-card";
import { getSessionUser } from "@/server/auth";

// The token stays on this page: never sent on to another site in a Referer.
export const metadata: Metadata = { title: "Confirm your new email", referrer: "no-referrer" };

// Opening the link changes nothing. Only the account that asked can confirm (ADR 0012), so someone
// who isn't signed in is asked to sign in first — without being told which account asked.
export default async function ConfirmEmailChangePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string }>;
}) {
  const { token = "" } = await searchParams;
  const user = await getSessionUser();
  if (!user) {
    const back = `${routes.confirmEmailChange}?token=${encodeURIComponent(token)}`;
    return (
      <AuthCard
        title="Sign in to confirm your new email"
        lead="Someone asked to use this email address for their account. Only that account can confirm it: sign in to the account that asked, and you'll come back here."
      >
        <TextLink href={`${routes.login}?next=${encodeURIComponent(back)}`}>
          Sign in to the account that asked
        </TextLink>
        <p className="mt-8 border-t border-line pt-6 text-sm text-ink-muted">
          Didn&apos;t ask to change an account&apos;s email? Close this page: nothing changes, and this
          address is not added to any account.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Confirm your new email"
      lead={
        <>
          You&apos;re signed in as <strong className="text-ink">{user.email}</strong>. If this is the account
          that asked for the change, it will use the new address from now on.
        </>
      }
    >
      <Form
        action={confirmEmailChangeAction}
        extra={{ token }}
        followRedirect
        aria-label="Confirm your new email"
      >
        <SubmitButton>Confirm my new email</SubmitButton>
      </Form>
    </AuthCard>
  );
}
