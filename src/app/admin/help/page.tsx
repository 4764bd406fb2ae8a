import { Badge } from "@/components/ui/badge";
import { cardListClass, PageHeader } from "@/components/ui/card";
import type { Metadata } from "next";
import { CheckCircle2, XCircle } from "lucide-react";
import { requireAdminPage } from "@/server/auth/guards";
import { getHealth } from "@/server/health";
import { getSystemStatus } from "@/server/system-status";
import { HelpGuide } from "@/components/layout/help-guide";
import { activeProviderName } from "@/modules/payments/server";

export const metadata: Metadata = { title: "Help & status" };

export default async function AdminHelpPage() {
  // Layouts and pages render in parallel: the page checks access itself.
  await requireAdminPage("/admin/help");
  const [health, system] = await Promise.all([getHealth(), getSystemStatus()]);
  const rows = [
    ["Database", health.checks.database],
    ["Background jobs", health.checks.jobs],
    ["Database migrations", system.migrations],
    ["Job queue", system.queue],
    ["Email transport", health.checks.email],
    ["Email outbox", system.outbox],
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
          <p className="text-sm text-ink-muted">
            Version {health.version} · up {system.uptime}
          </p>
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
        <h2 id="guide" className="mb-3 text-lg font-semibold">
          Guide
        </h2>
        <HelpGuide />
      </section>
    </div>
  );
}
