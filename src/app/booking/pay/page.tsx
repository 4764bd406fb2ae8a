import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { Card } from "@/components/ui/card";
import type { BookingPageSearchParams } from "@/modules/wizard/components/result/booking-result-page";
import { BookingSummary } from "@/modules/bookings/components/booking-summary";
import { payBalanceAction } from "@/modules/payments/actions";
import { PayButton } from "@/modules/payments/components/pay-button";
import { BALANCE_PAYABLE } from "@/modules/payments/server";
import { loadBookingResult } from "@/modules/wizard/server";
import { getSessionUser } from "@/server/auth";

// The page a payment link opens for a booking that goes ahead with a balance due: what is owed and a Pay
// button that opens a checkout at the business's payment provider. The owner or the token holder only.

export const metadata: Metadata = {
  title: "Pay for your booking",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function Page({ searchParams }: { searchParams: BookingPageSearchParams }) {
  const params = await searchParams;
  const result = await loadBookingResult({
    page: "success",
    reference: first(params.ref),
    token: first(params.token),
    viewer: await getSessionUser(),
  });
  if (!result) notFound();
  const v = result.view;
  // A booking still waiting for its first payment is paid from its own page.
  if (v.status === "pending_payment") redirect(result.links.success);
  const payable = BALANCE_PAYABLE.includes(v.status) && v.balanceMinor > 0;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Card>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {payable
            ? `Pay ${v.balance} for booking ${v.reference}`
            : `Nothing to pay for booking ${v.reference}`}
        </h1>
        <p className="mt-2">
          {payable
            ? `${result.business.name} has asked you to pay the balance of ${v.balance} for ${v.title} on ${v.date}. You pay securely through our payment provider.`
            : `There is nothing to pay on this booking now (${v.statusLabel.toLowerCase()}, ${v.paid} paid). Questions? Email ${result.business.email} or call ${result.business.phone}.`}
        </p>
        {payable && (
          <div className="mt-4">
            <PayButton
              reference={result.access.reference}
              token={result.access.token}
              action={payBalanceAction}
            >
              Pay {v.balance}
            </PayButton>
          </div>
        )}
      </Card>
      <div className="mt-8">
        <BookingSummary booking={v} />
      </div>
    </div>
  );
}
