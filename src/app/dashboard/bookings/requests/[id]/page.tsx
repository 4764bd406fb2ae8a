import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ButtonLink } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { BackLink } from "@/components/ui/nav/back-link";
import { Notice } from "@/components/ui/notice";
import { routes } from "@/lib/routes";
import { isUuid } from "@/lib/uuid";
import { MyTimeRequestActions } from "@/modules/time-requests/components/my-time-request-actions";
import {
  TimeRequestDays,
  TimeRequestStatusBadge,
  TimeRequestVisit,
} from "@/modules/time-requests/components/time-request-parts";
import { loadMyTimeRequest } from "@/modules/time-requests/server";
import { requireCustomerPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Your request for a time" };

// One of the customer's requests for a time (ADR 0057): what they asked for, and what happened — waiting for
// a time, a time proposed (Pay on the booking's page, or Decline), booked, closed by the business.

const NEXT: Record<string, string> = {
  open: "We'll look at the days that suit you and email you a time we can do.",
  declined: "You declined the time we proposed. We'll look for another.",
  expired: "The time we proposed was released because it wasn't paid in time. We'll look for another.",
  withdrawn: "You withdrew this request.",
};

export default async function MyTimeRequestPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ sent?: string }>;
}) {
  const [{ id }, { sent }] = await Promise.all([params, searchParams]);
  const user = await requireCustomerPage(routes.myTimeRequest(id));
  const r = isUuid(id) ? await loadMyTimeRequest(user.id, id) : null;
  if (!r) notFound();
  const p = r.proposal;
  return (
    <div className="max-w-3xl">
      <BackLink href={routes.myBookings}>Your bookings</BackLink>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Your request for a time</h1>
        <TimeRequestStatusBadge status={r.status} />
      </div>
      <p className="mt-1 text-ink-muted">Asked {r.createdAt}</p>
      {sent === "1" && r.status === "open" && (
        <Notice kind="success" className="mt-4 p-4">
          Thank you: we&apos;ve got your request and emailed you a copy. We&apos;ll email you a time we can
          do, which you can accept and pay for, or decline.
        </Notice>
      )}

      {r.status === "proposed" && p ? (
        <Card className="mt-6 border-brand/40">
          <h2 className="text-lg font-semibold">We can do {p.when}</h2>
          {r.response && <p className="mt-2">{r.response}</p>}
          <p className="mt-2 text-sm text-ink-muted">
            We hold this time for you{p.holdUntil ? ` until ${p.holdUntil}` : ""}. Pay to book it (reference{" "}
            {p.reference}); if you can&apos;t make it, decline it and we&apos;ll look again.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            {r.payUrl && (
              <ButtonLink href={r.payUrl} variant="primary">
                Accept and pay
              </ButtonLink>
            )}
            <MyTimeRequestActions requestId={r.id} canDecline canWithdraw={false} proposed={p.when} />
          </div>
        </Card>
      ) : r.status === "booked" && p ? (
        <Notice kind="success" className="mt-6 p-4">
          Booked for {p.when} (reference {p.reference}).{" "}
          <ButtonLink href={`${routes.myBookings}/${p.bookingId}`} variant="link">
            See the booking
          </ButtonLink>
        </Notice>
      ) : r.status === "closed" ? (
        <Notice kind="neutral" className="mt-6 p-4">
          We&apos;re sorry: we can&apos;t arrange this visit.{r.response ? ` ${r.response}` : ""}
        </Notice>
      ) : (
        NEXT[r.status] &&
        !(sent === "1" && r.status === "open") && (
          <p className="mt-6" role="status">
            {NEXT[r.status]}
          </p>
        )
      )}

      <div className="mt-6 grid gap-6">
        <Section title="Days that suit you">
          <div className="mt-3">
            <TimeRequestDays request={r} />
          </div>
        </Section>
        <Section title="Your visit">
          <div className="mt-3">
            <TimeRequestVisit request={r} />
          </div>
        </Section>
      </div>
      {r.canWithdraw && (
        <div className="mt-6">
          <MyTimeRequestActions
            requestId={r.id}
            canDecline={false}
            canWithdraw
            proposed={r.status === "proposed" ? (p?.when ?? null) : null}
          />
        </div>
      )}
    </div>
  );
}
