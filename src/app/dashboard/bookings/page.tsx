import type { Metadata } from "next";
import Link, { TextLink } from "@/components/ui/link";
import { z } from "zod";
import { ButtonLink } from "@/components/ui/button";
import { cardListClass, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/data/empty-state";
import { controlClass } from "@/components/ui/form/control";
import { Pagination } from "@/components/ui/data/pagination";
import { hrefWith, type SearchParamsInput } from "@/components/ui/data/url";
import { Label } from "@/components/ui/form/label";
import { BOOKING_STATUSES } from "@/lib/enums";
import { routes } from "@/lib/routes";
import { BookingStatusBadge } from "@/modules/bookings/components/booking-status-badge";
import { BOOKING_STATUS_LABELS, loadMyBookings } from "@/modules/bookings/server";
import { requireCustomerPage } from "@/server/auth/guards";
import { MyTimeRequests } from "@/modules/time-requests/components/my-time-requests";
import { loadMyTimeRequests } from "@/modules/time-requests/server";

export const metadata: Metadata = { title: "Your bookings" };

// Everything in the URL (tab, status, search, page), so back, refresh and a shared link keep it; anything
// unrecognised is ignored rather than refused.
const querySchema = z.object({
  when: z.enum(["upcoming", "past"]).catch("upcoming"),
  status: z.enum(BOOKING_STATUSES).optional().catch(undefined),
  q: z.string().trim().max(40).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function MyBookingsPage({ searchParams }: { searchParams: Promise<SearchParamsInput> }) {
  const user = await requireCustomerPage(routes.myBookings);
  const sp = await searchParams;
  const query = querySchema.parse({
    when: one(sp.when),
    status: one(sp.status) || undefined,
    q: one(sp.q) || undefined,
    page: one(sp.page) ?? 1,
  });
  const [list, timeRequests] = await Promise.all([
    loadMyBookings(user.id, query),
    loadMyTimeRequests(user.id),
  ]);
  const filtered = Boolean(query.status || query.q);
  const tab = (when: "upcoming" | "past", label: string, count: number) => {
    const current = query.when === when;
    return (
      <Link
        href={hrefWith(routes.myBookings, {}, { when: when === "upcoming" ? undefined : when })}
        aria-current={current ? "page" : undefined}
        className={`inline-flex min-h-11 items-center gap-1 border-b-2 px-3 font-medium ${current ? "border-brand text-brand-ink" : "border-transparent text-ink-muted hover:text-ink"}`}
      >
        {label} <span className="tabular">({count})</span>
      </Link>
    );
  };

  return (
    <div className="max-w-4xl">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeader
          title="Your bookings"
          description="Open a booking to pay, cancel, add it to your calendar or print a receipt."
        />
        <ButtonLink href={routes.book} variant="primary">
          Book now
        </ButtonLink>
      </div>

      <MyTimeRequests requests={timeRequests} />

      <nav aria-label="Upcoming or past" className="mt-6 flex gap-1 border-b border-line">
        {tab("upcoming", "Upcoming", list.counts.upcoming)}
        {tab("past", "Past", list.counts.past)}
      </nav>

      {/* Keyed on the query: back, forward and Clear show the fields of the URL, not what was typed before. */}
      <form
        key={`${query.when}|${query.status ?? ""}|${query.q ?? ""}`}
        method="get"
        role="search"
        aria-label="Find a booking"
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        {query.when === "past" && <input type="hidden" name="when" value="past" />}
        <div className="min-w-0 flex-1 basis-56">
          <Label htmlFor="my-bookings-q" className="text-base">
            Reference or registration
          </Label>
          <input
            id="my-bookings-q"
            name="q"
            defaultValue={query.q ?? ""}
            autoComplete="off"
            className={`${controlClass(false)} mt-1 min-h-11`}
          />
        </div>
        <div className="basis-44">
          <Label htmlFor="my-bookings-status" className="text-base">
            Status
          </Label>
          <select
            id="my-bookings-status"
            name="status"
            defaultValue={query.status ?? ""}
            className={`${controlClass(false)} mt-1 min-h-11`}
          >
            <option value="">Any status</option>
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {BOOKING_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="min-h-11 rounded-control border border-line-strong bg-surface px-4 font-medium hover:bg-canvas"
        >
          Search
        </button>
        {filtered && (
          <TextLink
            href={hrefWith(routes.myBookings, {}, { when: query.when === "past" ? "past" : undefined })}
            touch="always"
          >
            Clear
          </TextLink>
        )}
      </form>

      {list.rows.length === 0 ? (
        filtered ? (
          <EmptyState className="mt-6" title="No bookings match">
            Try another reference or registration, or any status.
          </EmptyState>
        ) : query.when === "upcoming" ? (
          <EmptyState
            className="mt-6"
            title="Nothing booked yet"
            action={
              <ButtonLink href={routes.book} variant="primary">
                Book a service
              </ButtonLink>
            }
          >
            {list.counts.past > 0 ? "Your past bookings are under Past." : "When you book, it shows up here."}
          </EmptyState>
        ) : (
          <EmptyState className="mt-6" title="No past bookings yet" />
        )
      ) : (
        <>
          <ul
            className={`mt-4 ${cardListClass}`}
            aria-label={query.when === "upcoming" ? "Upcoming bookings" : "Past bookings"}
          >
            {list.rows.map((b) => (
              <li key={b.id}>
                <Link
                  href={`${routes.myBookings}/${b.id}`}
                  className="flex flex-col gap-2 p-4 hover:bg-canvas sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="font-semibold">{b.when}</p>
                    <p className="text-sm">
                      {b.title} · {b.vehicle}
                    </p>
                    <p className="text-sm text-ink-muted">
                      <span className="tabular">{b.reference}</span> · {b.paymentStatusLabel} ·{" "}
                      <span className="tabular">{b.total}</span>
                      {b.toPay && (
                        <>
                          {" "}
                          (<span className="tabular">{b.toPay}</span> to pay)
                        </>
                      )}
                    </p>
                  </div>
                  {/* Its own width on a phone too, not a bar across the row. */}
                  <span className="shrink-0 self-start sm:self-center">
                    <BookingStatusBadge status={b.status} label={b.statusLabel} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Pagination
            page={query.page}
            pageCount={list.pageCount}
            pathname={routes.myBookings}
            searchParams={sp}
            total={list.total}
            noun={["booking", "bookings"]}
            className="mt-4"
          />
        </>
      )}
    </div>
  );
}
