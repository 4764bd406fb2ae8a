import type { Metadata } from "next";
import Link, { TextLink } from "@/components/ui/link";
import { ButtonLink } from "@/components/ui/button";
import { cardClass, PageHeader } from "@/components/ui/card";
import { LiveRefresh } from "@/components/live/live-refresh";
import { startsInWords } from "@/lib/dates";
import { routes } from "@/lib/routes";
import { getAccountOrThrow, getMyAddresses, getMyVehicles } from "@/modules/accounts/server";
import { BookingStatusBadge, PaymentStatusBadge } from "@/modules/bookings/components/booking-status-badge";
import { loadBookAgainHref } from "@/modules/wizard/server";
import { loadMyBooking, loadMyBookings } from "@/modules/bookings/server";
import { loadMyRescheduleAnswers } from "@/modules/reschedule/server";
import { CustomerCancelButton } from "@/modules/booking-cancel/components/customer-cancel";
import { cancelButtonOffer } from "@/modules/booking-cancel/components/my-booking-money";
import { PayButton } from "@/modules/payments/components/pay-button";
import { loadMyCancelOffer } from "@/modules/booking-cancel/server";
import { requireCustomerPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Your account" };

export default async function CustomerOverviewPage() {
  const session = await requireCustomerPage(routes.dashboard);
  const [account, upcoming, vehicles, addresses, bookAgain, answers] = await Promise.all([
    getAccountOrThrow(session.id),
    loadMyBookings(session.id, { when: "upcoming", page: 1 }),
    getMyVehicles(session),
    getMyAddresses(session),
    loadBookAgainHref(session.id),
    loadMyRescheduleAnswers(session.id),
  ]);
  const nextRow = upcoming.rows[0];
  const [next, nextCancel] = nextRow
    ? await Promise.all([loadMyBooking(session.id, nextRow.id), loadMyCancelOffer(session.id, nextRow.id)])
    : [null, null];
  const owed = upcoming.rows.filter((r) => r.status === "pending_payment");
  const firstName = account.name.split(" ")[0] ?? account.name;
  const neverBooked = upcoming.counts.upcoming + upcoming.counts.past === 0;

  const todo: { key: string; text: string; href: string; action: string }[] = [
    ...owed.map((r) => ({
      key: r.id,
      text: `Booking ${r.reference} (${r.when}) is waiting for its payment.`,
      href: `${routes.myBookings}/${r.id}`,
      action: "Pay now",
    })),
    // The business answered a request for a new time (an offer waits for an answer).
    ...answers.map((a) => ({
      key: `reschedule-${a.id}`,
      text: `Booking ${a.reference}: ${a.text}`,
      href: `${routes.myBookings}/${a.bookingId}`,
      action: a.kind === "offer" ? "Answer the offer" : "View booking",
    })),
    ...(account.phone
      ? []
      : [
          {
            key: "phone",
            text: "Add a phone number so the team can reach you on the day.",
            href: routes.accountSettings,
            action: "Add phone number",
          },
        ]),
  ];

  return (
    <div className="max-w-3xl">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeader
          title={neverBooked ? `Welcome, ${firstName}` : `Hello, ${firstName}`}
          description={
            neverBooked
              ? "Book your first service: we come to you, and everything about it shows up here."
              : "Your next appointment and anything that needs you."
          }
        />
        <LiveRefresh types={["booking.updated"]} />
      </div>

      {next ? (
        <section aria-labelledby="next-heading" className={`${cardClass} mt-6`}>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 id="next-heading" className="text-sm font-medium text-ink-muted">
                Your next booking — {startsInWords(new Date(next.view.startsAt), new Date())}
              </h2>
              <p className="mt-1 text-xl font-semibold">{next.view.when}</p>
              <p className="mt-1">
                {next.view.title} · {next.view.vehicleLabel}
              </p>
              <p className="text-ink-muted">{next.view.addressLine}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <BookingStatusBadge status={next.view.status} label={next.view.statusLabel} />
              <PaymentStatusBadge status={next.view.moneyState} label={next.view.paymentStatusLabel} />
            </div>
          </div>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-start">
            {next.view.status === "pending_payment" && (
              <PayButton reference={next.view.reference} token={next.accessToken}>
                Pay {next.view.dueNow}
              </PayButton>
            )}
            <ButtonLink href={`${routes.myBookings}/${next.view.id}`} variant="secondary" size="lg">
              Open booking {next.view.reference}
            </ButtonLink>
            {nextCancel && <CustomerCancelButton offer={cancelButtonOffer(nextCancel)} />}
          </div>
        </section>
      ) : (
        <section aria-label="Book" className={`${cardClass} mt-6`}>
          <p className="text-lg font-semibold">
            {neverBooked ? "Nothing booked yet" : "No upcoming bookings"}
          </p>
          <p className="mt-1 text-ink-muted">
            Pick a service, your vehicle, where and when — it takes about two minutes.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <ButtonLink href={routes.book} variant="primary" size="lg">
              Book a service
            </ButtonLink>
            {bookAgain && (
              <ButtonLink href={bookAgain} variant="secondary" size="lg">
                Book again
              </ButtonLink>
            )}
          </div>
        </section>
      )}

      {todo.length > 0 && (
        <section aria-labelledby="todo-heading" className="mt-6">
          <h2 id="todo-heading" className="text-lg font-semibold">
            Needs you
          </h2>
          <ul className="mt-2 space-y-2">
            {todo.map((t) => (
              <li
                key={t.key}
                className="flex flex-col gap-2 rounded-card border border-warning/40 bg-warning-soft p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <span>{t.text}</span>
                <TextLink href={t.href} tone="ink" weight="semibold">
                  {t.action}
                </TextLink>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="glance-heading" className="mt-6">
        <h2 id="glance-heading" className="sr-only">
          At a glance
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            { label: "Upcoming", value: upcoming.counts.upcoming, href: routes.myBookings },
            { label: "Past", value: upcoming.counts.past, href: `${routes.myBookings}?when=past` },
            { label: "Vehicles", value: vehicles.length, href: routes.myVehicles },
            { label: "Addresses", value: addresses.length, href: routes.myAddresses },
          ].map((c) => (
            <li key={c.label}>
              <Link href={c.href} className={`${cardClass} block p-4 hover:border-brand`}>
                <span className="tabular block text-2xl font-bold">{c.value}</span>
                <span className="text-sm text-ink-muted">{c.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {next && bookAgain && (
        <p className="mt-6">
          <TextLink href={bookAgain}>Book again</TextLink>{" "}
          <span className="text-ink-muted">
            — your last service, vehicle and address, ready to pick a time.
          </span>
        </p>
      )}
    </div>
  );
}
