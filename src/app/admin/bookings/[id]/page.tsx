import { Badge } from "@/components/ui/badge";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LiveRefresh } from "@/components/live/live-refresh";
import { BackLink } from "@/components/ui/nav/back-link";
import { Section } from "@/components/ui/card";
import { routes } from "@/lib/routes";
import { AdminBookingActions } from "@/modules/bookings/components/admin-booking-actions";
import {
  AdminBookingCustomer,
  AdminBookingEmails,
  AdminBookingJob,
  AdminBookingMoney,
  AdminBookingTimeline,
} from "@/modules/bookings/components/admin-booking-details";
import { AdminBookingMove } from "@/modules/booking-moves/components/admin-booking-move";
import { AdminBookingNotes } from "@/modules/bookings/components/admin-booking-notes";
import { BookingStatusBadge, PaymentStatusBadge } from "@/modules/bookings/components/booking-status-badge";
import { loadAdminBookingPage } from "@/modules/bookings/server";
import { loadBookingMovePanel } from "@/modules/booking-moves/server";
import { loadBookingRescheduleRequests } from "@/modules/reschedule/server";
import { RescheduleRequestCard } from "@/modules/reschedule/components/admin-reschedule-queue";
import { CancelWithRefundButton } from "@/modules/booking-cancel/components/admin-cancel";
import { AdminMoneyPanel } from "@/modules/payments/components/admin-money-panel";
import { BookingTaxDocuments } from "@/modules/payments/components/tax-document";
import { loadAdminMoneyPanel } from "@/modules/payments/server";
import { requireAdminPage } from "@/server/auth/guards";
import { isUuid } from "@/lib/uuid";
import { SeriesPanelView } from "@/modules/series/components/series-panel";
import { loadSeriesPanelFor } from "@/modules/series/server";
import { JobRecordSection } from "@/modules/staff/components/job-photo-gallery";
import { jobRecordView } from "@/modules/staff/domain/job-record";
import { loadJobRecord } from "@/modules/staff/server";
import { JobPhotoAdminButtons } from "@/modules/staff/components/job-photo-admin-buttons";
import { REMOVED_PHOTO_RETENTION_DAYS } from "@/modules/staff/domain/photo-removal";
import { isIn, WORK_STATUSES } from "@/lib/enums";

type Params = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Booking" };

export default async function AdminBookingPage({ params }: Params) {
  const { id } = await params;
  const admin = await requireAdminPage(routes.adminBooking(id));
  const [page, move, money, reschedules, series, job] = await Promise.all([
    loadAdminBookingPage(id),
    loadBookingMovePanel(id),
    loadAdminMoneyPanel(id),
    loadBookingRescheduleRequests(id),
    isUuid(id) ? loadSeriesPanelFor(admin, id) : null,
    isUuid(id) ? loadJobRecord(admin, id) : null,
  ]);
  if (!page || !money) notFound();
  const { view, customer } = page;
  // The job as worked (the staff module's): its photos and who started and completed it.
  const record = jobRecordView({
    photos: job?.photos ?? [],
    crew: job?.crew,
    registration: view.vehicles.map((v) => v.registration).join(", "),
    timeZone: view.timeZone,
  });
  const worked = isIn(WORK_STATUSES, view.status) || record.crew.length > 0 || record.groups.length > 0;

  return (
    <div className="max-w-6xl">
      <BackLink href={routes.adminBookings}>Bookings</BackLink>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight tabular">{view.reference}</h1>
          <BookingStatusBadge status={view.status} label={view.statusLabel} />
          <PaymentStatusBadge status={view.moneyState} label={view.paymentStatusLabel} />
          {view.payBy && <Badge tone="brand">On account · pay by {view.payBy}</Badge>}
        </div>
        <LiveRefresh types={["booking.updated"]} />
      </div>
      <p className="mt-1 text-ink-muted">
        {view.title} · {view.when} · {customer.name}
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          <Section title="Actions">
            <div className="mt-3">
              <AdminBookingActions
                bookingId={view.id}
                status={view.status}
                verbs={page.verbs.filter((v) => v !== "cancel")}
                reference={view.reference}
                customerName={customer.name}
                when={`${view.date}, ${view.timeRange}`}
                paid={view.netPaidMinor > 0 ? view.netPaid : null}
                awaitingPayment={view.status === "pending_payment"}
                jobClock={page.jobClock}
                freeable={page.freeable}
                extra={
                  page.verbs.includes("cancel") && (
                    // Cancel is the payments module's: it computes and makes the refund with it.
                    <CancelWithRefundButton
                      bookingId={view.id}
                      status={view.status}
                      reference={view.reference}
                      customerName={customer.name}
                      when={`${view.date}, ${view.timeRange}`}
                      refundable={money.refundable}
                      refundableMinor={money.refundableMinor}
                      policyRefundMinor={money.cancel.refundMinor}
                      policyRefund={money.cancel.refund}
                      feeOwedMinor={money.cancel.feeOwedMinor}
                      feeOwed={money.cancel.feeOwed}
                      explanation={money.cancel.explanation}
                    />
                  )
                }
              />
            </div>
          </Section>
          {series && (
            <SeriesPanelView
              bookingId={view.id}
              panel={series}
              timeZone={view.timeZone}
              bookingPath="/admin/bookings/"
            />
          )}
          {reschedules.rows.length > 0 && (
            <Section title="Reschedule requests">
              <ul className="mt-3 space-y-3">
                {reschedules.rows.map((row) => (
                  <li key={row.id}>
                    <RescheduleRequestCard
                      row={row}
                      timeZone={reschedules.timeZone}
                      teams={reschedules.teams}
                      showBooking={false}
                    />
                  </li>
                ))}
              </ul>
            </Section>
          )}
          {move && (
            <Section title="Time and team">
              <div className="mt-3">
                <AdminBookingMove
                  {...move}
                  reference={view.reference}
                  customerName={customer.name}
                  when={`${view.date}, ${view.timeRange}`}
                />
              </div>
            </Section>
          )}
          <AdminBookingCustomer page={page} />
          <AdminBookingJob page={page} />
          {worked && (
            <JobRecordSection
              record={record}
              title="Photos and who did the work"
              description={`Times in ${view.timeZone}. A photo opens full size in a new tab. A removed photo is kept for ${REMOVED_PHOTO_RETENTION_DAYS} days, seen only here, then deleted.`}
              empty="No photos yet. The team adds before and after photos from their phone on the day."
              photoActions={(p) => (
                <JobPhotoAdminButtons photo={p} retentionDays={REMOVED_PHOTO_RETENTION_DAYS} />
              )}
            />
          )}
          <AdminBookingTimeline page={page} />
        </div>
        <div className="space-y-6">
          <AdminBookingMoney page={page} />
          <AdminMoneyPanel
            panel={money}
            reference={view.reference}
            customerName={customer.name}
            customerEmail={customer.erased ? null : customer.email}
          />
          <BookingTaxDocuments bookingId={view.id} basePath={`${routes.adminBooking(view.id)}/documents`} />
          <Section title="Internal notes">
            <div className="mt-3">
              <AdminBookingNotes
                key={page.internalNotes ?? ""}
                bookingId={view.id}
                notes={page.internalNotes}
              />
            </div>
          </Section>
          <AdminBookingEmails page={page} />
        </div>
      </div>
    </div>
  );
}
