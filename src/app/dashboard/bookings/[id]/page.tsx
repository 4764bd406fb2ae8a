import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { type BookingStatus, ON_THE_CALENDAR_STATUSES } from "@/lib/enums";
import { BackLink } from "@/components/ui/nav/back-link";
import { ButtonLink } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import { LiveRefresh } from "@/components/live/live-refresh";
import { routes } from "@/lib/routes";
import { isUuid } from "@/lib/uuid";
import { BookingSummary } from "@/modules/bookings/components/booking-summary";
import { bookingPagePath } from "@/modules/bookings/links";
import { loadMyBooking } from "@/modules/bookings/server";
import { loadMyReschedulePanel, loadMyWeatherOffer } from "@/modules/reschedule/server";
import { MyWeatherOfferPanel } from "@/modules/reschedule/components/my-weather-offer";
import { MyBookingReschedule } from "@/modules/reschedule/components/my-booking-reschedule";
import { cancelPendingBookingAction } from "@/modules/payments/actions";
import { MyBookingMoney } from "@/modules/booking-cancel/components/my-booking-money";
import { BookingAdjustments } from "@/modules/payments/components/booking-adjustments";
import { BookingTaxDocuments } from "@/modules/payments/components/tax-document";
import { loadBookingAdjustments } from "@/modules/payments/server";
import { loadMyCancelOffer } from "@/modules/booking-cancel/server";
import { PayButton } from "@/modules/payments/components/pay-button";
import { requireCustomerPage } from "@/server/auth/guards";
import { getPublicSettings } from "@/modules/settings/server";
import { SeriesPanelView } from "@/modules/series/components/series-panel";
import { loadSeriesPanelFor } from "@/modules/series/server";
import { JobRecordSection } from "@/modules/staff/components/job-photo-gallery";
import { jobRecordView } from "@/modules/staff/domain/job-record";
import { loadJobRecord } from "@/modules/staff/server";

export const metadata: Metadata = { title: "Your booking" };

export default async function MyBookingPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireCustomerPage(`${routes.myBookings}/${id}`);
  // Someone else's booking and no booking at all read the same: not found.
  const [page, cancelOffer] = isUuid(id)
    ? await Promise.all([loadMyBooking(user.id, id), loadMyCancelOffer(user.id, id)])
    : [null, null];
  if (!page) notFound();
  const { view: b, accessToken, history } = page;
  const [reschedule, weather, series, settings, job] = await Promise.all([
    loadMyReschedulePanel(user.id, b.id),
    loadMyWeatherOffer(user.id, b.id),
    loadSeriesPanelFor(user, b.id),
    getPublicSettings(),
    loadJobRecord(user, b.id),
  ]);
  // Their job as worked: the before and after photos, and who did it (first names).
  const record = jobRecordView({
    photos: job?.photos ?? [],
    crew: job?.crew,
    registration: b.vehicles.map((v) => v.registration).join(", "),
    timeZone: b.timeZone,
    firstNamesOnly: true,
  });
  // On account, the booking's VAT invoice is its bill; a business not registered for VAT issues none.
  const vatRegistered = settings.vatRegistered;
  const access = { reference: b.reference, token: accessToken };

  return (
    <div className="max-w-3xl">
      <BackLink href={routes.myBookings}>Your bookings</BackLink>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Booking {b.reference}</h1>
        <LiveRefresh types={["booking.updated"]} />
      </div>

      {b.status === "pending_payment" && (
        <section aria-label="Payment" className={`${cardClass} mt-4`}>
          <p className="font-medium">
            {b.dueNow} is due now to keep this time
            {b.holdExpiresAtTime ? ` — we hold it until ${b.holdExpiresAtTime}` : ""}.
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
            <PayButton reference={access.reference} token={access.token}>
              Pay {b.dueNow}
            </PayButton>
            <ConfirmActionButton
              action={cancelPendingBookingAction}
              input={access}
              variant="danger-outline"
              size="lg"
              title={`Cancel booking ${b.reference}?`}
              description="Nothing has been charged. The time we're holding for you is freed for other bookings, and you'd need to book again."
              confirmLabel="Yes, cancel the booking"
              cancelLabel="Keep it"
              successToast="Booking cancelled."
            >
              Cancel booking
            </ConfirmActionButton>
          </div>
        </section>
      )}

      <MyBookingMoney view={b} access={access} offer={cancelOffer} />
      {weather && <MyWeatherOfferPanel offer={weather} />}
      {reschedule && <MyBookingReschedule panel={reschedule} />}
      {series && (
        <SeriesPanelView
          bookingId={b.id}
          panel={series}
          timeZone={b.timeZone}
          bookingPath={`${routes.myBookings}/`}
        />
      )}

      <div className="mt-4">
        <BookingSummary booking={b} />
      </div>
      <BookingAdjustments
        title="Price adjustments"
        lines={await loadBookingAdjustments(b.id, b.currency, b.timeZone)}
      />
      {(record.photoCount > 0 || record.crew.length > 0) && (
        <div className="mt-4">
          <JobRecordSection
            record={record}
            title={record.photoCount > 0 ? "Photos and who did the work" : "Who did the work"}
            description={
              record.photoCount > 0
                ? `Before and after, taken on the day. Times in ${b.timeZone}. A photo opens full size in a new tab.`
                : undefined
            }
          />
        </div>
      )}

      <div className="mt-4 flex flex-wrap gap-2 print:hidden">
        {(ON_THE_CALENDAR_STATUSES as readonly BookingStatus[]).includes(b.status) && (
          <ButtonLink
            href={bookingPagePath("calendar.ics", { reference: b.reference, accessToken })}
            variant="secondary"
          >
            Add to calendar
          </ButtonLink>
        )}
        {(b.paidMinor > 0 || (b.payBy && vatRegistered)) && (
          <ButtonLink href={`${routes.myBookings}/${b.id}/receipt`} variant="secondary">
            {b.paidMinor > 0 ? "Receipt" : "Invoice"}
          </ButtonLink>
        )}
        <ButtonLink href={routes.book} variant="ghost">
          Book another service
        </ButtonLink>
      </div>

      {/* Its VAT invoice and credit notes, when it has any (loadMyBooking has checked it is theirs). */}
      <BookingTaxDocuments bookingId={b.id} basePath={`${routes.myBookings}/${b.id}/invoice`} />

      <section aria-labelledby="history-heading" className="mt-8">
        <h2 id="history-heading" className="text-lg font-semibold">
          What has happened
        </h2>
        <ol className="mt-3 space-y-3 border-l-2 border-line pl-4">
          {history.map((h) => (
            <li key={h.id}>
              <p className="font-medium">{h.what}</p>
              <p className="text-sm text-ink-muted">{h.at}</p>
              {h.why && <p className="text-sm">“{h.why}”</p>}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
