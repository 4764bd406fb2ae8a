import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { cardClass, cardListClass, PageHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { routes } from "@/lib/routes";
import type { Metadata } from "next";
import { CheckCircle2, XCircle } from "lucide-react";
import { requireAdminPage } from "@/server/auth/guards";
import { getHealth } from "@/server/health";
import { activeProviderName } from "@/modules/payments/server";

export const metadata: Metadata = { title: "Help & status" };

const link = "font-medium text-brand underline underline-offset-2";

export default async function AdminHelpPage() {
  // Layouts and pages render in parallel: the page checks access itself.
  await requireAdminPage("/admin/help");
  const health = await getHealth();
  const rows = [
    ["Database", health.checks.database],
    ["Background jobs", health.checks.jobs],
    ["Email transport", health.checks.email],
    [
      "Payments",
      activeProviderName() === "stripe"
        ? { ok: true, detail: "Stripe: card payments are taken for real through Stripe Checkout." }
        : {
            ok: true,
            detail:
              "Test mode: no real money is taken (the checkout page says so). Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take card payments.",
          },
    ],
  ] as const;
  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Help &amp; status"
        description="How the system is doing right now, and where to find things."
      />

      <section aria-labelledby="status" className="mt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="status" className="text-lg font-semibold">
            System status
          </h2>
          <p className="text-sm text-ink-muted">Version {health.version}</p>
        </div>
        <ul className={`mt-3 ${cardListClass}`}>
          {rows.map(([name, check]) => (
            <li key={name} className="flex items-start gap-3 p-4">
              {check.ok ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
              ) : (
                <XCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
              )}
              <div>
                <p className="font-medium">
                  {name} <span className="sr-only">{check.ok ? "— working" : "— needs attention"}</span>
                  <span aria-hidden="true" className="ml-2">
                    <Badge tone={check.ok ? "success" : "danger"}>
                      {check.ok ? "Working" : "Needs attention"}
                    </Badge>
                  </span>
                </p>
                <p className="mt-0.5 text-sm text-ink-muted">{check.detail}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-ink-muted">
          Monitoring tools can read the same checks as JSON from{" "}
          <code className="font-mono">/api/health</code> (HTTP 200 when healthy, 503 when not).
        </p>
      </section>

      <section aria-labelledby="guide" className="mt-10">
        <h2 id="guide" className="text-lg font-semibold">
          Guide
        </h2>
        <dl className="mt-3 space-y-4">
          <div className={cn(cardClass, "p-4 shadow-none")}>
            <dt className="font-medium">Setting up what you sell</dt>
            <dd className="mt-1 text-sm text-ink-muted">
              Add your{" "}
              <Link className={link} href={routes.adminCategories}>
                categories
              </Link>{" "}
              and{" "}
              <Link className={link} href={routes.adminVehicleSizes}>
                vehicle sizes
              </Link>
              , then{" "}
              <Link className={link} href={routes.adminNewService}>
                create each service
              </Link>{" "}
              with its description and photo. Set a price and duration for every size you offer it for — on
              the service&apos;s page, or for everything at once under{" "}
              <Link className={link} href={routes.adminPricing}>
                prices and zones
              </Link>
              , where a percentage change can be previewed before you save. An empty cell means you don&apos;t
              offer that service for that size. Customers see active services with at least one price. A
              service, category or size that bookings use can be deactivated but not deleted.
            </dd>
          </div>
          <div className={cn(cardClass, "p-4 shadow-none")}>
            <dt className="font-medium">Where you travel</dt>
            <dd className="mt-1 text-sm text-ink-muted">
              Travel zones list the postcode areas (SE), districts (SW9) or sectors (SW9 8) you cover, with an
              optional travel fee and extra travel time. When prefixes overlap, the most specific one wins; a
              postcode outside every active zone can&apos;t be booked.
            </dd>
          </div>
          <div className={cn(cardClass, "p-4 shadow-none")}>
            <dt className="font-medium">Emails</dt>
            <dd className="mt-1 text-sm text-ink-muted">
              Every email is written to the outbox first and sent by a background job, which retries with
              increasing delays when the mail server is unavailable. Without an SMTP server configured (
              <code className="font-mono">SMTP_URL</code>), emails are kept and logged instead of sent.
            </dd>
          </div>
          <div className={cn(cardClass, "p-4 shadow-none")}>
            <dt className="font-medium">Policy pages</dt>
            <dd className="mt-1 text-sm text-ink-muted">
              The booking policies, privacy policy and terms of service are generated from your settings — the
              cancellation window, fees, deposit and notice periods shown there are the ones the booking
              system enforces.
            </dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
