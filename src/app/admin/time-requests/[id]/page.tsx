import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LiveRefresh } from "@/components/live/live-refresh";
import { Card, Section } from "@/components/ui/card";
import { TextLink } from "@/components/ui/link";
import { BackLink } from "@/components/ui/nav/back-link";
import { Notice } from "@/components/ui/notice";
import { routes } from "@/lib/routes";
import { isUuid } from "@/lib/uuid";
import { AdminTimeRequestActions } from "@/modules/time-requests/components/admin-time-request-actions";
import {
  TimeRequestDays,
  TimeRequestStatusBadge,
  TimeRequestVisit,
} from "@/modules/time-requests/components/time-request-parts";
import { PROPOSAL_HOLD_HOURS } from "@/modules/time-requests/domain/time-request-rules";
import { loadTimeRequestForAdmin } from "@/modules/time-requests/server";
import { requireAdminPage } from "@/server/auth/guards";
import { AppError } from "@/server/errors";

export const metadata: Metadata = { title: "Request for a time" };

// One request for a time (ADR 0057): the customer, the visit as the wizard priced it, the days that suit,
// what has happened, and the business's answers — propose a time (the slot picker over the visit's own job),
// or close it.

const STATE: Record<string, string> = {
  open: "No time proposed yet.",
  declined:
    "The customer declined the time you proposed; it is free again. Propose another, or close the request.",
  expired:
    "The time you proposed wasn't paid for before its hold ran out, and is free again. Propose another, or close the request.",
  withdrawn: "The customer withdrew this request.",
};

export default async function TimeRequestPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireAdminPage(routes.adminTimeRequest(id));
  if (!isUuid(id)) notFound();
  const page = await loadTimeRequestForAdmin({ id: user.id }, id).catch((err: unknown) => {
    if (err instanceof AppError && err.code === "NOT_FOUND") return null;
    throw err;
  });
  if (!page) notFound();
  const r = page.request;
  const p = r.proposal;
  return (
    <div className="max-w-4xl">
      <BackLink href={routes.adminTimeRequests}>Requests for a time</BackLink>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight">{r.customer.name} asks for a time</h1>
            <TimeRequestStatusBadge status={r.status} />
          </div>
          <p className="mt-1 text-ink-muted">
            Asked {r.createdAt} ·{" "}
            <TextLink href={routes.adminCustomer(r.customer.id)}>{r.customer.email}</TextLink>
            {r.customer.phone && (
              <>
                {" · "}
                <TextLink href={`tel:${r.customer.phone.replace(/[^\d+]/g, "")}`}>
                  {r.customer.phone}
                </TextLink>
              </>
            )}
          </p>
        </div>
        <LiveRefresh types={["booking.updated"]} />
      </div>

      {page.longerThanADay && (
        <Notice kind="warning" className="mt-4 p-4">
          This visit is longer than any of your working days ({page.longerThanADay}), so the picker has no
          times for it. Open a longer day for a date that suits under{" "}
          <TextLink href={routes.adminScheduleHours}>Opening hours</TextLink> (a date with its own hours),
          then propose a time on it.
        </Notice>
      )}

      <Card className="mt-6">
        {p && (r.status === "proposed" || r.status === "booked") ? (
          <p>
            {r.status === "booked" ? "Booked" : "Proposed"}: <strong>{p.when}</strong> —{" "}
            <TextLink href={routes.adminBooking(p.bookingId)}>{p.reference}</TextLink>
            {r.status === "proposed" && p.holdUntil && `, held until ${p.holdUntil} for the customer to pay.`}
          </p>
        ) : r.status === "closed" ? (
          <p>Closed: {r.response}</p>
        ) : (
          <p>{STATE[r.status]}</p>
        )}
        {(page.canPropose || page.canClose) && (
          <div className="mt-4">
            <AdminTimeRequestActions
              requestId={r.id}
              customerName={r.customer.name}
              canPropose={page.canPropose}
              canClose={page.canClose}
              pickerDate={page.pickerDate}
              timeZone={page.timeZone}
              teams={page.teams}
              holdHours={PROPOSAL_HOLD_HOURS}
            />
          </div>
        )}
      </Card>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <Section title="Days that suit">
          <div className="mt-3">
            <TimeRequestDays request={r} />
          </div>
        </Section>
        <Section title="The visit">
          <div className="mt-3">
            <TimeRequestVisit request={r} />
          </div>
        </Section>
      </div>
    </div>
  );
}
