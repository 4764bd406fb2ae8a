import type { Metadata } from "next";
import { ChoosePasswordPage } from "@/modules/accounts/components/choose-password-page";

export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string }>;
}) {
  const { token } = await searchParams;
  return <ChoosePasswordPage token={token} mode="reset" />;
}
