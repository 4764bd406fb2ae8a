import type { ReactNode } from "react";
import { siteAnswersOf, siteSummary } from "@/lib/job/site-answers";
import { TextLink, textLinkClass } from "@/components/ui/link";
import { ActionButton } from "@/components/ui/action-button";
import { Section } from "@/components/ui/card";
import { formatMoney } from "@/lib/money";
import { routes } from "@/lib/routes";
import { resendBookingEmailAction } from "../admin-actions";
import type { AdminBookingPage } from "../server/admin/admin-booking-view";
import { SiteCheckBadge } from "./site-check-badge";

// The read-only parts of /admin/bookings/{id}: who, what, where, the money, the timeline and the emails.

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export function AdminBookingCustomer({ page }: { page: AdminBookingPage }) {
  const { customer, view } = page;
  return (
    <Section title="Customer">
      <dl className="mt-2 divide-y divide-line">
        <Row label="Name">
          {customer.erased ? (
            customer.name
          ) : (
            <TextLink weight="normal" href={routes.adminCustomer(customer.id)}>
              {customer.name}
            </TextLink>
          )}
        </Row>
        {!customer.erased && (
          <>
            <Row label="Email">
              <a className={textLinkClass({ weight: "normal" })} href={`mailto:${customer.email}`}>
                {customer.email}
              </a>
            </Row>
            <Row label="Phone">
              {customer.phone ? (
                <a
                  className={textLinkClass({ weight: "normal" })}
                  href={`tel:${customer.phone.replace(/\s+/g, "")}`}
                >
                  {customer.phone}
                </a>
              ) : (
                "Not given"
              )}
            </Row>
          </>
        )}
        <Row label="Notes from the customer">{view.customerNotes ?? "None"}</Row>
      </dl>
    </Section>
  );
}

/** One vehicle on a line; a visit's several, one per line. */
function VehicleList({ vehicles }: { vehicles: AdminBookingPage["view"]["vehicles"] }) {
  if (vehicles.length === 1)
    return (
      <>
        {vehicles[0]?.label} · {vehicles[0]?.sizeName}
      </>
    );
  return (
    <ol className="space-y-1">
      {vehicles.map((v) => (
        <li key={v.registration}>
          {v.label} · {v.sizeName}
        </li>
      ))}
    </ol>
  );
}

export function AdminBookingJob({ page }: { page: AdminBookingPage }) {
  const { view } = page;
  const a = view.address;
  return (
    <Section title="Job">
      <dl className="mt-2 divide-y divide-line">
        <Row label="When">
          {view.date}, {view.timeRange} ({view.duration}, times in {view.timeZone})
        </Row>
        <Row label="Team">{view.team?.name ?? "No team"}</Row>
        <Row label={view.vehicles.length > 1 ? `Vehicles (${view.vehicles.length})` : "Vehicle"}>
          <VehicleList vehicles={view.vehicles} />
        </Row>
        <Row label="Address">{view.addressLines.join(", ")}</Row>
        <Row label="Access notes">{a.accessNotes ?? "None"}</Row>
        <Row label="Site">{siteSummary(siteAnswersOf(a))}</Row>
        <Row label="Site check">
          {page.siteCheck.answer ? (
            <span className="flex flex-col items-start gap-1">
              <SiteCheckBadge answer={page.siteCheck.answer} />
              {page.siteCheck.note && <span className="whitespace-pre-line">{page.siteCheck.note}</span>}
              <span className="text-sm text-ink-muted">Answered {page.siteCheck.at}</span>
            </span>
          ) : page.siteCheck.reminderSentAt ? (
            `Reminder sent ${page.siteCheck.reminderSentAt}; no answer yet`
          ) : (
            "No reminder sent yet"
          )}
        </Row>
        <Row label="Source">{page.sourceLabel}</Row>
        {page.cancellationReason && <Row label="Why it ended">{page.cancellationReason}</Row>}
        {page.jobNotes && (
          <Row label="Job notes">
            <span className="whitespace-pre-line">{page.jobNotes}</span>
          </Row>
        )}
      </dl>
    </Section>
  );
}

export function AdminBookingMoney({ page }: { page: AdminBookingPage }) {
  const { view } = page;
  const line = (label: string, value: string, strong = false) => (
    <div className={`flex justify-between gap-4 py-1.5 ${strong ? "font-semibold" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular">{value}</dd>
    </div>
  );
  return (
    <Section title="Price and payment">
      <dl className="mt-2 divide-y divide-line">
        {view.items.map((i, n) => (
          <div key={n} className="flex justify-between gap-4 py-1.5">
            <dt>{i.name}</dt>
            <dd className="tabular whitespace-nowrap">{i.price}</dd>
          </div>
        ))}
        {line("Total", view.total, !view.money.closed && view.adjustmentMinor === 0)}
        {/* The price now (ADR 0040), as the customer's page shows it: less discounts and goodwill, or a
            closed booking's fee. */}
        {!view.money.closed && view.adjustmentMinor > 0 && (
          <>
            {line("Discounts and goodwill", `−${view.adjustment}`)}
            {line("Charge", view.charge, true)}
          </>
        )}
        {view.money.closed && line(`${view.statusLabel}: fee`, view.charge, true)}
        {view.depositDueMinor > 0 &&
          line(
            view.depositDueMinor === view.totalMinor ? "Asked online (in full)" : "Deposit asked online",
            formatMoney(view.depositDueMinor, view.currency),
          )}
        {line("Paid", view.paid)}
        {view.refundedMinor > 0 && line("Refunded", view.refunded)}
        {line("Due", view.balance, true)}
      </dl>
    </Section>
  );
}

export function AdminBookingTimeline({ page }: { page: AdminBookingPage }) {
  return (
    <Section title="Timeline" description={`Times in ${page.view.timeZone}.`}>
      <ol className="mt-3 space-y-3">
        {page.timeline.map((e) => (
          <li key={e.id} className="border-l-2 border-line pl-3">
            <p className="font-medium">{e.what}</p>
            <p className="text-sm text-ink-muted">
              <time dateTime={e.atIso}>{e.at}</time> · {e.who}
            </p>
            {e.why && <p className="text-sm">“{e.why}”</p>}
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function AdminBookingEmails({ page }: { page: AdminBookingPage }) {
  return (
    <Section title="Emails">
      {page.emails.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">No email has been sent about this booking.</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {page.emails.map((m) => (
            <li key={m.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium">{m.what}</p>
                <p className="text-sm text-ink-muted break-words">
                  To {m.to} · {m.statusLabel} · {m.at}
                </p>
              </div>
              <ActionButton
                action={resendBookingEmailAction}
                input={{ bookingId: page.view.id, emailId: m.id }}
                confirm={`Send a fresh copy of “${m.what}” to ${m.to}?`}
                confirmLabel="Send the copy"
                successToast={`A copy is on its way to ${m.to}.`}
              >
                Resend
              </ActionButton>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
