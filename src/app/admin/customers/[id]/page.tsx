import type { Metadata } from "next";
import { TextLink } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { BackLink } from "@/components/ui/nav/back-link";
import { ButtonLink } from "@/components/ui/button";
import { Section } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { Table, TableBody, TableHead, Td, Th, Tr } from "@/components/ui/data/table";
import { formatCalendarDate, formatDateTime, formatShortDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { routes } from "@/lib/routes";
import {
  DeactivateButton,
  EditContactButton,
  NotesForm,
  ReactivateButton,
  SendSetupLinkButton,
} from "@/modules/accounts/components/admin-customer-actions";
import { loadAdminCustomerProfile } from "@/modules/accounts/server";
import { VehicleHistoryPanel } from "@/modules/vehicle-history/components/vehicle-history";
import { loadCustomerBookingsForAdmin, loadCustomerValueMinor } from "@/modules/bookings/server";
import { loadVehicleServiceHistory } from "@/modules/vehicle-history/server";
import type { EmailStatus } from "@/lib/enums";
import { EMAIL_STATUS_LABELS, EMAIL_STATUS_TONES } from "@/modules/notifications/domain/outbox-view";
import { loadEmailsForRecipient } from "@/modules/notifications/server";
import { deactivateCustomerAction } from "@/modules/booking-cancel/actions";
import { loadCustomerMoney } from "@/modules/payments/server";
import { loadReceivablesPage } from "@/modules/receivables/server";
import { getPublicSettings } from "@/modules/settings/server";
import { requireAdminPage } from "@/server/auth/guards";
import { loadCustomerSeries } from "@/modules/series/server";
import { BusinessSection } from "./business-section";

type Params = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Customer" };

const HISTORY: Record<string, string> = {
  "customer.contact_updated": "Contact details changed",
  "customer.notes_updated": "Notes changed",
  "customer.setup_link_sent": "Set-up link sent",
  "customer.deactivated": "Deactivated",
  "customer.reactivated": "Reactivated",
  "customer.business_set": "Made a business customer",
  "customer.business_updated": "Business details changed",
  "customer.business_removed": "Changed to a private customer",
  "customer.contact_person_added": "Contact added",
  "customer.contact_person_removed": "Contact removed",
};

export default async function AdminCustomerPage({ params }: Params) {
  const { id } = await params;
  const user = await requireAdminPage(routes.adminCustomer(id));
  const profile = await loadAdminCustomerProfile(user, id);
  if (!profile) notFound();
  const settings = await getPublicSettings();
  const tz = settings.timeZone;
  const [bookingLines, money, sent, history, receivables, series, valueMinor] = await Promise.all([
    loadCustomerBookingsForAdmin(profile.id, tz),
    loadCustomerMoney(profile.id, tz),
    loadEmailsForRecipient({ userId: profile.id, email: profile.email }),
    loadVehicleServiceHistory(
      profile.id,
      profile.vehicles.map((v) => v.id),
    ),
    profile.business ? loadReceivablesPage(user.id, { customerId: profile.id }) : null,
    loadCustomerSeries(profile.id),
    loadCustomerValueMinor(profile.id),
  ]);
  const upcoming = bookingLines.filter((b) => b.upcoming);
  const when = (d: Date) => formatDateTime(d, tz);

  return (
    <div className="max-w-6xl">
      <BackLink href={routes.adminCustomers}>Customers</BackLink>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight break-words">{profile.name}</h1>
        {profile.deactivated && <Badge tone="danger">Deactivated</Badge>}
        {!profile.emailVerified && <Badge tone="warning">Email not confirmed</Badge>}
        {!profile.hasPassword && <Badge>No password yet</Badge>}
      </div>
      <p className="mt-1 text-ink-muted">
        Customer since {formatShortDate(profile.joinedAt, tz)} · {bookingLines.length}{" "}
        {bookingLines.length === 1 ? "booking" : "bookings"} · lifetime value{" "}
        {formatMoney(valueMinor, settings.currency)}
      </p>

      <div className="mt-4 flex flex-wrap gap-2">
        {!profile.deactivated && (
          <ButtonLink variant="primary" size="sm" href={routes.adminNewBookingFor(profile.id)}>
            New booking for this customer
          </ButtonLink>
        )}
        {!profile.deactivated && <SendSetupLinkButton customerId={profile.id} email={profile.email} />}
        {profile.deactivated ? (
          <ReactivateButton customerId={profile.id} />
        ) : (
          <DeactivateButton
            customerId={profile.id}
            name={profile.name}
            upcoming={upcoming.map((b) => ({ id: b.id, label: `${b.reference} · ${b.when} · ${b.title}` }))}
            deactivate={deactivateCustomerAction}
          />
        )}
      </div>
      {profile.deactivated && (
        <Notice kind="warning" className="mt-4">
          This customer is deactivated: they can&apos;t sign in or book with {profile.email}.
          {profile.deactivationReason ? ` Reason: ${profile.deactivationReason}` : ""}
        </Notice>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0 space-y-6">
          <Section
            title="Bookings"
            description={upcoming.length ? `${upcoming.length} upcoming, listed first.` : "Nothing upcoming."}
          >
            {bookingLines.length === 0 ? (
              <p className="mt-3 text-sm text-ink-muted">No bookings yet.</p>
            ) : (
              <div className="relative mt-3 md:overflow-x-auto">
                <Table caption="Bookings">
                  <TableHead>
                    <Th>Reference</Th>
                    <Th>When</Th>
                    <Th>Job</Th>
                    <Th>Status</Th>
                    <Th className="text-right">Total</Th>
                  </TableHead>
                  <TableBody>
                    {bookingLines.map((b) => (
                      <Tr key={b.id}>
                        <Td label="Reference">
                          <TextLink
                            href={routes.adminBooking(b.id)}
                            underline="hover"
                            weight="semibold"
                            touch="phone"
                            className="whitespace-nowrap"
                          >
                            {b.reference}
                          </TextLink>
                          {b.upcoming && (
                            <Badge tone="brand" className="ml-2">
                              Upcoming
                            </Badge>
                          )}
                        </Td>
                        <Td label="When">{b.when}</Td>
                        <Td label="Job">
                          {b.title}
                          <span className="block text-ink-subtle">{b.vehicle}</span>
                        </Td>
                        <Td label="Status">
                          {b.statusLabel}
                          <span className="block text-ink-subtle">{b.paymentStatusLabel}</span>
                        </Td>
                        <Td label="Total" numeric className="md:text-right">
                          {b.total}
                        </Td>
                      </Tr>
                    ))}
                  </TableBody>
                </Table>
              </div>
            )}
          </Section>

          {series.length > 0 && (
            <Section title="Repeat bookings" description="Each visit is a booking of its own, listed above.">
              <ul className="mt-3 divide-y divide-line text-sm">
                {series.map((s) => (
                  <li
                    key={s.id}
                    className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
                  >
                    <span>
                      <span className="font-medium">
                        {s.title}: {s.rule.toLowerCase()}
                      </span>{" "}
                      {s.openEnded ? "until it is ended" : `until ${formatCalendarDate(s.until)}`}
                      <span className="block text-ink-subtle">
                        {s.next ? (
                          <>
                            Next:{" "}
                            <TextLink
                              href={routes.adminBooking(s.next.bookingId)}
                              underline="hover"
                              weight="normal"
                            >
                              {s.next.when}
                            </TextLink>{" "}
                            · {s.ahead} {s.ahead === 1 ? "visit" : "visits"} to come
                          </>
                        ) : (
                          "No visit to come."
                        )}
                      </span>
                    </span>
                    <Badge tone={s.active ? "brand" : "neutral"}>{s.active ? "Active" : "Ended"}</Badge>
                  </li>
                ))}
              </ul>
            </Section>
          )}

          <Section
            title="Payments and refunds"
            description={`Collected ${formatMoney(money.collectedMinor, settings.currency)}, refunded ${formatMoney(money.refundedMinor, settings.currency)}.`}
          >
            {money.lines.length === 0 ? (
              <p className="mt-3 text-sm text-ink-muted">No payments yet.</p>
            ) : (
              <ul className="mt-3 divide-y divide-line text-sm">
                {money.lines.map((m) => (
                  <li
                    key={m.id}
                    className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
                  >
                    <span>
                      <span className="font-medium">{m.kind === "payment" ? "Payment" : "Refund"}</span>{" "}
                      {m.amount} ·{" "}
                      <TextLink href={routes.adminBooking(m.bookingId)} underline="hover" weight="normal">
                        {m.reference}
                      </TextLink>
                    </span>
                    <span className="text-ink-muted">
                      {m.status === "succeeded" ? "Done" : m.status === "pending" ? "Pending" : "Failed"} ·{" "}
                      {m.at}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section title="Emails sent" description="The latest 50, newest first.">
            {sent.length === 0 ? (
              <p className="mt-3 text-sm text-ink-muted">No emails yet.</p>
            ) : (
              <ul className="mt-3 divide-y divide-line text-sm">
                {sent.map((e) => {
                  const status = e.status as EmailStatus;
                  const s = {
                    label: EMAIL_STATUS_LABELS[status] ?? e.status,
                    tone: EMAIL_STATUS_TONES[status] ?? "neutral",
                  };
                  return (
                    <li
                      key={e.id}
                      className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
                    >
                      <span className="min-w-0 break-words">
                        {e.subject ?? e.template}
                        <span className="block text-ink-subtle">to {e.to}</span>
                      </span>
                      <span className="flex items-center gap-2 text-ink-muted">
                        <Badge tone={s.tone}>{s.label}</Badge>
                        {when(e.sentAt ?? e.createdAt)}
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </Section>
        </div>

        <div className="min-w-0 space-y-6">
          <Section
            title="Contact details"
            actions={
              <EditContactButton
                customerId={profile.id}
                name={profile.name}
                email={profile.email}
                phone={profile.phone}
              />
            }
          >
            <dl className="mt-3 space-y-2 text-sm">
              <div>
                <dt className="text-ink-muted">Email</dt>
                <dd className="break-all">{profile.email}</dd>
              </div>
              <div>
                <dt className="text-ink-muted">Phone</dt>
                <dd>{profile.phone ?? "None given"}</dd>
              </div>
            </dl>
            {profile.pendingEmail && (
              <Notice kind="neutral" className="mt-3">
                Waiting for {profile.pendingEmail.email} to be confirmed (link valid until{" "}
                {when(profile.pendingEmail.expiresAt)}).
              </Notice>
            )}
          </Section>

          <BusinessSection
            customerId={profile.id}
            customerEmail={profile.email}
            business={profile.business}
            contacts={profile.contacts}
            receivables={receivables}
          />

          <Section title="Vehicles">
            {profile.vehicles.length === 0 ? (
              <p className="mt-3 text-sm text-ink-muted">No saved vehicles.</p>
            ) : (
              <ul className="mt-3 divide-y divide-line text-sm">
                {profile.vehicles.map((v) => {
                  const name = [v.colour, v.make, v.model].filter(Boolean).join(" ");
                  const vehicleHistory = history.get(v.id);
                  return (
                    <li key={v.id} className="py-2 first:pt-0 last:pb-0">
                      {name} <span className="font-mono">{v.registration}</span>
                      {v.isDefault && <span className="text-ink-subtle"> · default</span>}
                      {vehicleHistory && (
                        <VehicleHistoryPanel
                          history={vehicleHistory}
                          vehicleName={`${name} ${v.registration}`}
                          audience="admin"
                        />
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </Section>

          <Section title="Addresses">
            {profile.addresses.length === 0 ? (
              <p className="mt-3 text-sm text-ink-muted">No saved addresses.</p>
            ) : (
              <ul className="mt-3 space-y-2 text-sm">
                {profile.addresses.map((a) => (
                  <li key={a.id}>
                    <span className="font-medium">{a.label}</span>
                    {a.isDefault && <span className="text-ink-subtle"> · default</span>}
                    <span className="block">
                      {[a.line1, a.line2, a.town, a.postcode].filter(Boolean).join(", ")}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section title="Consents">
            <dl className="mt-3 space-y-2 text-sm">
              <div>
                <dt className="text-ink-muted">Marketing emails</dt>
                <dd>
                  {profile.consents.marketing
                    ? `Agreed${profile.consents.marketingAt ? ` on ${when(profile.consents.marketingAt)}` : ""}`
                    : "Not agreed"}
                </dd>
              </div>
              <div>
                <dt className="text-ink-muted">Booking updates by email</dt>
                <dd>{profile.consents.bookingEmails ? "On" : "Off"}</dd>
              </div>
              <div>
                <dt className="text-ink-muted">Reminders</dt>
                <dd>{profile.consents.reminders ? "On" : "Off"}</dd>
              </div>
            </dl>
          </Section>

          <Section title="Internal notes">
            <NotesForm customerId={profile.id} notes={profile.notes} />
          </Section>

          <Section title="History" description="Changes made by the business.">
            {profile.history.length === 0 ? (
              <p className="mt-3 text-sm text-ink-muted">Nothing yet.</p>
            ) : (
              <ul className="mt-3 space-y-1 text-sm">
                {profile.history.map((h) => (
                  <li key={h.id}>
                    {HISTORY[h.action] ?? h.action}
                    <span className="block text-ink-subtle">
                      {when(h.at)}
                      {h.actorName ? ` · ${h.actorName}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>
      </div>
    </div>
  );
}
