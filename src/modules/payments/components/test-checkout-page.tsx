import { FlaskConical } from "lucide-react";
import { notFound } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { getTestCheckoutPage } from "../server/test-checkout";
import { TestCheckoutButtons } from "./test-checkout-buttons";

// The built-in test provider's hosted checkout. It must never be mistaken for a real payment page: a
// banner across the top, no card fields, and the words "no real money" wherever money is mentioned.

const CLOSED_TEXT = {
  paid: "This checkout has already been paid.",
  cancelled: "This checkout was cancelled.",
  expired: "This checkout has expired: the time held for the booking has run out.",
} as const;

export async function TestCheckoutPage({ token }: { token: string }) {
  const page = await getTestCheckoutPage(token);
  if (!page) notFound();
  const { claims, amount, state } = page;
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <div role="note" className="bg-warning px-4 py-4 text-center text-white">
        <p className="mx-auto flex max-w-xl items-center justify-center gap-3 text-lg font-bold tracking-wide uppercase sm:text-xl">
          <FlaskConical aria-hidden="true" className="size-6 shrink-0" />
          Test mode — no real money
        </p>
        <p className="mt-1 text-sm">
          Payments are not set up for real yet. Nothing you do here charges anyone.
        </p>
      </div>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 py-10 outline-none"
      >
        <Card className="w-full max-w-md p-6 sm:p-8">
          <p className="text-sm font-medium text-ink-muted">Forecourt test checkout</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight">Pay {claims.businessName}</h1>
          <p className="mt-2 text-ink-muted">{claims.description}</p>
          <dl className="mt-6 space-y-2 border-t border-line pt-4">
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-ink-muted">Amount (test — no real money)</dt>
              <dd className="tabular text-2xl font-bold">{amount}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 text-sm">
              <dt className="text-ink-muted">Booking</dt>
              <dd className="tabular font-medium">{claims.reference}</dd>
            </div>
          </dl>
          <div className="mt-6">
            {state === "open" ? (
              <TestCheckoutButtons checkout={token} amount={amount} />
            ) : (
              <div className="space-y-4">
                <Notice kind="neutral">{CLOSED_TEXT[state]}</Notice>
                <a
                  href={state === "paid" ? claims.successUrl : claims.cancelUrl}
                  className={buttonClass({ className: "w-full" })}
                >
                  Return to {claims.businessName}
                </a>
              </div>
            )}
          </div>
          <p className="mt-6 text-xs text-ink-muted">
            This page stands in for a card payment page while no payment provider is configured. No card
            details are asked for and no money moves. Pay and Cancel report back exactly as a real provider
            would.
          </p>
        </Card>
      </main>
    </div>
  );
}
