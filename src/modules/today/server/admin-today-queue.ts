import "server-only";
import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { formatDateTime } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { findUserContacts } from "@/modules/accounts/server";
import { listFailedEmails } from "@/modules/notifications/server";
import type { DbOrTx } from "@/server/db";
import { statusIn } from "@/server/db/time-taken";
import { amountDueExpr, bookingEvents, bookings, chargeExpr, rescheduleRequests } from "@/server/db/schema";
import { describeEvent } from "@/modules/bookings/server";
import { countWaitingTimeRequests, listWaitingTimeRequests } from "@/modules/time-requests/server";
import { routes } from "@/lib/routes";
import { DEPOSIT_CHASED_STATUSES } from "@/lib/enums";

// The action queue (what needs the admin, each item one click from its booking) and the recent
// activity. Every list is a count plus its first few items, read through an index; nothing is filtered
// in JavaScript.

export const QUEUE_KINDS = [
  "awaiting_approval",
  "unpaid_soon",
  "reschedule_request",
  "time_request",
  "failed_email",
  "payment_alert",
] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

export type QueueItem = {
  id: string;
  bookingId: string | null;
  reference: string | null;
  /** What it is about, in words: "Full Valet for Zoë Adams", "Booking confirmed to zoe@…" */
  text: string;
  /** "Tue 8 Dec, 09:30 GMT" — the job's time, or when it happened. */
  when: string;
  /** Where it opens when it is not a booking's (a request for a time). */
  href?: string;
};

export type QueueGroup = { kind: QueueKind; title: string; count: number; items: QueueItem[] };

export type ActivityEntry = {
  id: string;
  bookingId: string;
  reference: string;
  who: string;
  what: string;
  why: string | null;
  /** "Tue 8 Dec, 09:30 GMT" */
  at: string;
  atIso: string;
};

const QUEUE_LIMIT = 5;
/** Failures and payment alerts older than this are history (on the booking's page), not the queue. */
export const ALERT_DAYS = 7;

const ALERT_TEXT: Record<string, string> = {
  late_payment_refunded: "Paid after its hold expired — refunded automatically",
  cancelled_booking_refunded: "Paid after it was cancelled — refunded automatically",
  paid_twice_refunded: "Paid twice — the second payment was refunded",
};

/**
 * Payment alerts live on the timeline: a payment refused or refunded automatically, a failed refund, a
 * refund the business owes by hand (a customer cancelled with money paid to it directly).
 */
// The first condition repeats the partial index's predicate (booking_events_money_at_idx) word for word.
const paymentAlertSql = sql`${bookingEvents.type} IN ('payment', 'refund') AND ((${bookingEvents.type} = 'payment' AND (${bookingEvents.toValue} = 'rejected' OR ${bookingEvents.data} ? 'refundRequired'))
  OR (${bookingEvents.type} = 'refund' AND ${bookingEvents.toValue} IN ('failed', 'owed')))`;

/** The SQL of domain/admin-today.ts depositOwed: the charge's part up to the deposit still not paid. */
const depositOwedSql = sql<number>`GREATEST(0, ${amountDueExpr(bookings)} - GREATEST(0, ${chargeExpr(bookings)} - ${bookings.depositDueMinor}))`;

/** The SQL of domain/admin-today.ts isUnpaidSoon. */
function unpaidSoonSql(now: Date, windowMinutes: number) {
  const n = now.toISOString();
  const until = new Date(now.getTime() + windowMinutes * 60_000).toISOString();
  return sql`${statusIn(bookings.status, DEPOSIT_CHASED_STATUSES)}
    AND ${bookings.startsAt} > ${n}::timestamptz AND ${bookings.startsAt} <= ${until}::timestamptz
    AND ${depositOwedSql} > 0
    AND NOT (${bookings.status} = 'pending_payment' AND ${bookings.holdExpiresAt} <= ${n}::timestamptz)`;
}

const countOf = (rows: { total: number }[]) => Number(rows[0]?.total ?? 0);

export async function loadActionQueue(
  db: DbOrTx,
  input: { now: Date; timeZone: string; unpaidWindowMinutes: number },
): Promise<QueueGroup[]> {
  const { timeZone: tz } = input;
  const [{ approvalCount, approvals, unpaidCount, unpaid, reschedules, failed, alerts }, asks, askCount] =
    await Promise.all([
      readQueue(db, input),
      listWaitingTimeRequests(db, QUEUE_LIMIT),
      countWaitingTimeRequests(db),
    ]);
  const failedBookingIds = failed.items.flatMap((f) => (f.bookingId ? [f.bookingId] : []));
  const [contacts, failedRefs] = await Promise.all([
    findUserContacts(
      db,
      [...approvals, ...unpaid, ...reschedules].map((r) => r.customerId),
    ),
    failedBookingIds.length === 0
      ? []
      : db
          .select({ id: bookings.id, reference: bookings.reference })
          .from(bookings)
          .where(inArray(bookings.id, failedBookingIds)),
  ]);
  const nameOf = (id: string) => {
    const c = contacts.get(id);
    return !c || c.erased ? "(erased account)" : c.name;
  };
  const refOf = new Map(failedRefs.map((r) => [r.id, r.reference]));
  const job = (r: (typeof approvals)[number], text: string): QueueItem => ({
    id: r.id,
    bookingId: r.id,
    reference: r.reference,
    text,
    when: formatDateTime(r.startsAt, tz),
  });
  return [
    {
      kind: "awaiting_approval",
      title: "Awaiting approval",
      count: countOf(approvalCount),
      items: approvals.map((r) => job(r, nameOf(r.customerId))),
    },
    {
      kind: "unpaid_soon",
      title: "Unpaid, starting soon",
      count: countOf(unpaidCount),
      items: unpaid.map((r) =>
        job(r, `${nameOf(r.customerId)} — ${formatMoney(r.owedMinor, r.currency)} owed`),
      ),
    },
    {
      kind: "reschedule_request",
      title: "Reschedule requests",
      count: countOf(reschedules),
      items: reschedules.map((r) => ({
        id: r.id,
        bookingId: r.bookingId,
        reference: r.reference,
        text: `${nameOf(r.customerId)} asks for ${formatDateTime(r.requestedStartsAt, tz)}`,
        when: formatDateTime(r.requestedStartsAt, tz),
      })),
    },
    {
      kind: "time_request",
      title: "Requests for a time",
      count: askCount,
      items: asks.map((r) => ({
        id: r.id,
        bookingId: null,
        reference: null,
        text: `${r.customer.name} — ${r.visit.title} (${r.statusLabel.toLowerCase()})`,
        when: `Asked ${r.createdAt}`,
        href: routes.adminTimeRequest(r.id),
      })),
    },
    {
      kind: "failed_email",
      title: "Emails that failed",
      count: failed.count,
      items: failed.items.map((f) => ({
        id: f.id,
        bookingId: f.bookingId,
        reference: f.bookingId ? (refOf.get(f.bookingId) ?? null) : null,
        text: `${f.subject ?? f.template.replaceAll("-", " ")} to ${f.to}`,
        when: formatDateTime(f.failedAt, tz),
      })),
    },
    {
      kind: "payment_alert",
      title: "Payment alerts",
      count: countOf(alerts),
      items: alerts.map((a) => alertItem(a, tz)),
    },
  ];
}

/** The queue's lists, each with its count, read at once. */
async function readQueue(db: DbOrTx, input: { now: Date; unpaidWindowMinutes: number }) {
  const { now } = input;
  const since = new Date(now.getTime() - ALERT_DAYS * 86_400_000);
  const jobColumns = {
    id: bookings.id,
    reference: bookings.reference,
    startsAt: bookings.startsAt,
    customerId: bookings.customerId,
    currency: bookings.currency,
    owedMinor: sql<number>`(${depositOwedSql})::int`,
  };
  const approvalWhere = eq(bookings.status, "awaiting_approval");
  const unpaidWhere = unpaidSoonSql(now, input.unpaidWindowMinutes);
  // An offer (a counter-offer or a weather day's) waits for the customer, not the business.
  const rescheduleWhere = and(
    eq(rescheduleRequests.status, "pending"),
    gt(rescheduleRequests.expiresAt, now),
    isNull(rescheduleRequests.counterToId),
    isNull(rescheduleRequests.weatherDayId),
  );
  const alertWhere = and(sql`${bookingEvents.at} >= ${since.toISOString()}::timestamptz`, paymentAlertSql);
  // The small lists carry their total (count(*) OVER () is computed before the LIMIT): one query each.
  // The booking lists can be long (a backlog of approvals): their count is an index-only scan of
  // (status, starts_at) and their first items an index scan that stops after five, where a window
  // count would read every matching row.
  const total = sql<number>`(count(*) OVER ())::int`;
  const count = sql<number>`count(*)::int`;
  const [approvalCount, approvals, unpaidCount, unpaid, reschedules, failed, alerts] = await Promise.all([
    db.select({ total: count }).from(bookings).where(approvalWhere),
    db
      .select(jobColumns)
      .from(bookings)
      .where(approvalWhere)
      .orderBy(asc(bookings.startsAt), asc(bookings.id))
      .limit(QUEUE_LIMIT),
    db.select({ total: count }).from(bookings).where(unpaidWhere),
    db
      .select(jobColumns)
      .from(bookings)
      .where(unpaidWhere)
      .orderBy(asc(bookings.startsAt), asc(bookings.id))
      .limit(QUEUE_LIMIT),
    db
      .select({
        id: rescheduleRequests.id,
        bookingId: bookings.id,
        reference: bookings.reference,
        customerId: bookings.customerId,
        requestedStartsAt: rescheduleRequests.requestedStartsAt,
        total,
      })
      .from(rescheduleRequests)
      .innerJoin(bookings, eq(bookings.id, rescheduleRequests.bookingId))
      .where(rescheduleWhere)
      .orderBy(asc(rescheduleRequests.createdAt), asc(rescheduleRequests.id))
      .limit(QUEUE_LIMIT),
    listFailedEmails(db, { since, limit: QUEUE_LIMIT }),
    db
      .select({
        id: bookingEvents.id,
        bookingId: bookingEvents.bookingId,
        reference: bookings.reference,
        type: bookingEvents.type,
        toValue: bookingEvents.toValue,
        data: bookingEvents.data,
        at: bookingEvents.at,
        total,
      })
      .from(bookingEvents)
      .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
      .where(alertWhere)
      .orderBy(desc(bookingEvents.at), desc(bookingEvents.id))
      .limit(QUEUE_LIMIT),
  ]);
  return { approvalCount, approvals, unpaidCount, unpaid, reschedules, failed, alerts };
}
type AlertRow = Awaited<ReturnType<typeof readQueue>>["alerts"][number];

/** A payment alert in words: what happened to the money, and what the business has to do about it. */
function alertItem(a: AlertRow, tz: string): QueueItem {
  const data = a.data;
  const amount =
    typeof data.amountMinor === "number" && typeof data.currency === "string"
      ? ` (${formatMoney(data.amountMinor, data.currency)})`
      : "";
  const text =
    a.type === "refund"
      ? a.toValue === "owed"
        ? "The customer cancelled — hand back what they paid you directly, then record the refund"
        : data.retryAt
          ? "An automatic refund failed — it is being retried"
          : "An automatic refund failed — refund the customer yourself"
      : a.toValue === "rejected"
        ? "A payment did not match the booking and was not applied"
        : (ALERT_TEXT[String(data.refundRequired)] ?? "A payment was refunded automatically");
  return {
    id: a.id,
    bookingId: a.bookingId,
    reference: a.reference,
    text: `${text}${amount}`,
    when: formatDateTime(a.at, tz),
  };
}

/** The latest booking events, in words, newest first. */
export async function loadRecentActivity(
  db: DbOrTx,
  input: { timeZone: string; limit: number },
): Promise<ActivityEntry[]> {
  const rows = await db
    .select({
      id: bookingEvents.id,
      bookingId: bookingEvents.bookingId,
      reference: bookings.reference,
      currency: bookings.currency,
      actorId: bookingEvents.actorId,
      type: bookingEvents.type,
      fromValue: bookingEvents.fromValue,
      toValue: bookingEvents.toValue,
      data: bookingEvents.data,
      at: bookingEvents.at,
    })
    .from(bookingEvents)
    .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
    .orderBy(desc(bookingEvents.at), desc(bookingEvents.id))
    .limit(input.limit);
  const people = await findUserContacts(
    db,
    rows.flatMap((r) => (r.actorId ? [r.actorId] : [])),
  );
  return rows.map((r) => {
    const actor = r.actorId ? people.get(r.actorId) : undefined;
    const who = !r.actorId
      ? "The system"
      : !actor || actor.erased
        ? "A deleted account"
        : `${actor.name}${actor.role === "admin" ? " (admin)" : ""}`;
    return {
      id: r.id,
      bookingId: r.bookingId,
      reference: r.reference,
      who,
      ...describeEvent(r, r.currency),
      at: formatDateTime(r.at, input.timeZone),
      atIso: r.at.toISOString(),
    };
  });
}
