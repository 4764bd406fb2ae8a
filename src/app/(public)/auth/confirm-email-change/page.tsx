import type { Metadata } from "next";
import { Form, SubmitButton } from "@/components/ui/form";
import { confirmEmailChangeAction } from "@/modules/accounts/actions";
import { AuthCard } from "@/modules/accounts/components/auth-card";

export const metadata: Metadata = { title: "Confirm your new email", referrer: "no-referrer" };

export default async function ConfirmEmailChangePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string }>;
}) {
  const { token = "" } = await searchParams;
  return (
    <AuthCard
      title="Confirm your new email"
      lead="One click and your account will use this address from now on."
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
