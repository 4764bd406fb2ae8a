import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { formatDateTime, formatTime } from "@/lib/dates";
import type { BookingSource, BookingStatus, EmailStatus } from "@/lib/enums";
import { formatMoney } from "@/lib/money";
import { isUuid } from "@/lib/uuid";
import { findUserById } from "@/modules/accounts/server";
import { EMAIL_STATUS_LABELS, templateLabel } from "@/modules/notifications/domain/outbox-view";
import { type DbOrTx, getDb } from "@/server/db";
import { allocations, bookingEvents, bookings, emails, users } from "@/server/db/schema";
import { allocationHoldsTime } from "@/server/db/time-taken";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { freeableRemainder, isEarlyJobAction, jobTimeSentence } from "@/lib/job/job-clock";
import { type AdminBookingVerb, adminVerbsFor } from "../../domain/admin-booking-actions";
import { BOOKING_STATUS_LABELS, type BookingView, getBookingView } from "../booking-view";

// Everything the admin's booking page shows, read in one place: the customer-facing view (already
// formatted in the business zone), who the customer is, the admin-only fields, the timeline in words
// and the emails the outbox holds for this booking.

export type TimelineEntry = {
  id: string;
  /** "Tue 8 Dec, 09:30 GMT" */
  at: string;
  atIso: string;
  who: string;
  /** "Awaiting approval → Confirmed", "Payment received", … */
  what: string;
  why: string | null;
};

export type BookingEmailRow = {
  id: string;
  what: string;
  to: string;
  status: EmailStatus;
  statusLabel: string;
  at: string;
};

export type AdminBookingPage = {
  view: BookingView;
  customer: { id: string; name: string; email: string; phone: string | null; erased: boolean };
  source: BookingSource;
  sourceLabel: string;
  internalNotes: string | null;
  /** Written when the job was completed; the customer reads them in the vehicle's service history. */
  jobNotes: string | null;
  cancellationReason: string | null;
  /** The customer's answer to the reminder's site checklist, and when the reminder went (ADR 0027). */
  siteCheck: SiteCheckView;
  /** The lifecycle buttons the page shows for the booking's status now. */
  verbs: AdminBookingVerb[];
  /** What the Start and Complete dialogs say about the clock (ADR 0043). */
  jobClock: {
    /** "This job starts tomorrow at 09:00 GMT (in 20 h 5 min)." */
    sentence: string;
    /** Starting now is earlier than the lead: the Start dialog asks for a reason. */
    earlyStart: boolean;
    /** Completing now is before the booked start: the Complete dialog asks for a reason. */
    earlyComplete: boolean;
    leadMinutes: number;
  };
  /** A done job's time from now to its booked end, which the owner may free (null: nothing to free). */
  freeable: { from: string; to: string; minutes: number } | null;
  timeline: TimelineEntry[];
  emails: BookingEmailRow[];
};

export type SiteCheckView = {
  answer: "all_set" | "changed" | null;
  note: string | null;
  /** "Tue 8 Dec, 09:30 GMT" */
  at: string | null;
  reminderSentAt: string | null;
};

const SOURCE_LABELS: Record<BookingSource, string> = {
  online: "Booked online",
  admin: "Booked by the business",
};

const statusLabel = (s: string | null) =>
  s && s in BOOKING_STATUS_LABELS ? BOOKING_STATUS_LABELS[s as BookingStatus] : (s ?? "");

type EventRow = {
  type: string;
  fromValue: string | null;
  toValue: string | null;
  data: Record<string, unknown>;
};

const REFUND_STATES: Record<string, string> = {
  retry_failed: "failed again",
  owed: "owed — to be handed back by the business",
};

/** A refund's reason (ADR 0040); older refund events have none. */
const REFUND_KINDS: Record<string, string> = {
  goodwill: "goodwill — the price was lowered by as much",
  overpayment: "overpayment",
  cancellation: "cancellation",
};

/** One timeline event in words. */
export function describeEvent(e: EventRow, currency: string): { what: string; why: string | null } {
  const d = e.data;
  const reason = typeof d.reason === "string" && d.reason ? d.reason : null;
  const amount = typeof d.amountMinor === "number" ? ` ${formatMoney(d.amountMinor, currency)}` : "";
  switch (e.type) {
    case "created":
      return { what: `Booked — ${statusLabel(e.toValue)}`, why: null };
    case "status_changed":
      return { what: `${statusLabel(e.fromValue)} → ${statusLabel(e.toValue)}`, why: reason };
    case "payment":
      return { what: `Payment${amount}${e.toValue ? ` ${e.toValue}` : ""}`, why: reason };
    case "refund": {
      // A provider's refusal that the retry job will try again, and a customer's refund owed by hand.
      const state = REFUND_STATES[e.toValue ?? ""] ?? e.toValue;
      const retried = typeof d.retryAt === "string" ? " — it is retried automatically" : "";
      // An owed refund says what to do instead (its reason is the cancellation it came with).
      const kind =
        typeof d.reasonKind === "string" && e.toValue !== "owed" ? REFUND_KINDS[d.reasonKind] : undefined;
      return {
        what: `Refund${amount}${state ? ` ${state}` : ""}${retried}${kind ? ` (${kind})` : ""}`,
        why: reason,
      };
    }
    case "note":
      if (e.toValue === "price_adjusted")
        return {
          what: `Price lowered by${amount} (discount)${typeof d.chargeMinor === "number" ? ` — now ${formatMoney(d.chargeMinor, currency)}` : ""}`,
          why: reason,
        };
      // The crew's own notes: a photo added, removed or put back, the job's notes (ADR 0053).
      if (d.photo === true)
        return {
          what: `${d.kind === "before" ? "Before" : "After"} photo ${d.removed ? "removed" : d.restored ? "put back" : "added"}`,
          why: null,
        };
      if (d.jobNotes === true)
        return { what: d.cleared ? "Job notes cleared" : "Job notes updated", why: null };
      return { what: d.cleared ? "Internal notes cleared" : "Internal notes updated", why: null };
    case "rescheduled": {
      const teams = d.fromTeam && d.toTeam && d.fromTeam !== d.toTeam ? ` (${d.fromTeam} → ${d.toTeam})` : "";
      const times = d.fromLabel && d.toLabel ? `: ${d.fromLabel} → ${d.toLabel}` : " to another time";
      return { what: `Moved${times}${teams}${d.override ? " — availability overridden" : ""}`, why: reason };
    }
    case "team_changed": {
      const teams = d.fromTeam && d.toTeam ? `: ${d.fromTeam} → ${d.toTeam}` : "";
      return { what: `Team changed${teams}${d.override ? " — availability overridden" : ""}`, why: reason };
    }
    case "reschedule_requested":
      return { what: "Customer asked to move the booking", why: reason };
    case "time_freed":
      return { what: "The rest of the job's time was freed for other bookings", why: reason };
    case "email_sent":
      if (e.toValue === "business")
        return {
          what: `Business told: ${typeof d.headline === "string" ? d.headline : "an alert"}`,
          why: null,
        };
      if (e.toValue === "payment_link") return { what: `Payment link sent for${amount}`, why: null };
      if (e.toValue === "reminder")
        return {
          what: "Reminder sent with the site checklist",
          why: typeof d.to === "string" ? `To ${d.to}` : null,
        };
      if (e.toValue === "resent") {
        const t = typeof d.template === "string" ? d.template : "";
        return {
          what: `Email sent again: ${templateLabel(t)}`,
          why: typeof d.to === "string" ? `To ${d.to}` : null,
        };
      }
      return { what: "Email sent", why: null };
    case "reschedule_decided":
      if (e.toValue === "weather_offer") {
        const offered = Array.isArray(d.offered) ? d.offered.filter((x) => typeof x === "string") : [];
        return {
          what: offered.length
            ? `Weather day: new times offered and held (${offered.join("; ")})`
            : "Weather day: no free time nearby — the customer was asked to choose or call",
          why: reason,
        };
      }
      if (e.toValue === "weather_asked_another")
        return { what: "Weather day: the customer asked for another time", why: reason };
      if (e.toValue === "weather_lifted")
        return { what: "Weather day lifted: the booking keeps its time (the customer was told)", why: null };
      if (e.toValue === "countered")
        return {
          what: `Move request answered with another time${typeof d.toLabel === "string" ? `: ${d.toLabel}` : ""}`,
          why: reason,
        };
      if (d.offer === true)
        return {
          what: `Customer ${e.toValue === "approved" ? "accepted" : "declined"} the offered time`,
          why: null,
        };
      return { what: `Move request ${e.toValue ?? "decided"}`, why: reason };
    case "site_check":
      return e.toValue === "changed"
        ? { what: "Customer: something changed at the site", why: typeof d.note === "string" ? d.note : null }
        : { what: "Customer: the site is all set", why: null };
    default:
      return { what: e.type.replaceAll("_", " "), why: reason };
  }
}

/** The page's data, or null for an id that is not a booking (the page answers 404). */
export async function getAdminBookingPage(
  db: DbOrTx,
  bookingId: string,
  now = new Date(),
): Promise<AdminBookingPage | null> {
  if (!isUuid(bookingId)) return null;
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) return null;
  const [view, customer, events, mail, settings, [allocation]] = await Promise.all([
    getBookingView(db, bookingId),
    findUserById(db, row.customerId),
    db
      .select({
        id: bookingEvents.id,
        type: bookingEvents.type,
        fromValue: bookingEvents.fromValue,
        toValue: bookingEvents.toValue,
        data: bookingEvents.data,
        at: bookingEvents.at,
        actorName: users.name,
        actorRole: users.role,
      })
      .from(bookingEvents)
      .leftJoin(users, eq(users.id, bookingEvents.actorId))
      .where(eq(bookingEvents.bookingId, bookingId))
      .orderBy(asc(bookingEvents.at), asc(bookingEvents.id)),
    db
      .select({
        id: emails.id,
        template: emails.template,
        subject: emails.subject,
        to: emails.to,
        status: emails.status,
        createdAt: emails.createdAt,
        sentAt: emails.sentAt,
      })
      .from(emails)
      .where(eq(emails.bookingId, bookingId))
      .orderBy(asc(emails.createdAt), asc(emails.id)),
    getSettingsOrThrow(db),
    db
      .select({ during: allocations.during })
      .from(allocations)
      .where(
        and(
          eq(allocations.bookingId, bookingId),
          eq(allocations.kind, "booking"),
          allocationHoldsTime(allocations.status),
        ),
      )
      .limit(1),
  ]);
  const heldRange = allocation?.during;
  const tz = view.timeZone;
  const held = freeableRemainder(row.status, heldRange ?? { start: row.startsAt, end: row.startsAt }, now);
  const erased = !customer || Boolean(customer.anonymisedAt);
  return {
    view,
    customer: {
      id: row.customerId,
      name: erased ? "(erased account)" : customer.name,
      email: erased ? "" : customer.email,
      phone: erased ? null : customer.phone,
      erased,
    },
    source: row.source,
    sourceLabel: SOURCE_LABELS[row.source],
    internalNotes: row.internalNotes,
    jobNotes: row.jobNotes,
    cancellationReason: row.cancellationReason,
    siteCheck: {
      answer: row.siteCheck ?? null,
      note: row.siteCheckNote,
      at: row.siteCheckAt ? formatDateTime(row.siteCheckAt, tz) : null,
      reminderSentAt: row.reminderSentAt ? formatDateTime(row.reminderSentAt, tz) : null,
    },
    verbs: adminVerbsFor(row.status, row.startsAt, now),
    jobClock: {
      sentence: jobTimeSentence(row.startsAt, now, tz),
      earlyStart: isEarlyJobAction("start", row.startsAt, now, settings.startLeadMinutes),
      earlyComplete: isEarlyJobAction("complete", row.startsAt, now, settings.startLeadMinutes),
      leadMinutes: settings.startLeadMinutes,
    },
    freeable: held
      ? {
          from: formatTime(held.from, tz),
          to: formatTime(held.to, tz),
          minutes: Math.round((held.to.getTime() - held.from.getTime()) / 60_000),
        }
      : null,
    timeline: events.map((e) => ({
      id: e.id,
      at: formatDateTime(e.at, tz),
      atIso: e.at.toISOString(),
      who: e.actorName ? `${e.actorName}${e.actorRole === "admin" ? " (admin)" : ""}` : "The system",
      ...describeEvent(e, row.currency),
    })),
    emails: mail.map((m) => ({
      id: m.id,
      what: m.subject ?? templateLabel(m.template),
      to: m.to,
      status: m.status,
      statusLabel: EMAIL_STATUS_LABELS[m.status],
      at: formatDateTime(m.sentAt ?? m.createdAt, tz),
    })),
  };
}

/** For the page: the request's database. */
export async function loadAdminBookingPage(bookingId: string): Promise<AdminBookingPage | null> {
  return getAdminBookingPage(await getDb(), bookingId);
}
