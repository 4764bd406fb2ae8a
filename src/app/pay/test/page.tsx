import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TestCheckoutPage } from "@/modules/payments/components/test-checkout-page";

export const metadata: Metadata = {
  title: "Test checkout — no real money",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

export default async function TestCheckout({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { checkout } = await searchParams;
  if (typeof checkout !== "string" || !checkout) notFound();
  return <TestCheckoutPage token={checkout} />;
}
