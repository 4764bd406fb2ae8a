import "server-only";
import { getEnv } from "@/env";
import { formatMoney } from "@/lib/money";
import { routes } from "@/lib/routes";
import { enqueueEmail } from "@/modules/notifications/server";
import { type Actor, writeAudit } from "@/server/audit";
import type { DbOrTx, Tx } from "@/server/db";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { AppError } from "@/server/errors";
import type { AdminBookingChangeInput, InternalNotesInput } from "../../admin-booking-schemas";
import { type AdminBookingVerb, VERB_NEEDS_REASON, VERB_TARGET } from "../../domain/admin-booking-actions";
import { bookingMoney } from "@/lib/booking/booking-money";
import {
  COMPLETE_BEFORE_START,
  earlyActionInWords,
  isEarlyJobAction,
  isEarlyReasonGiven,
  jobTimeSentence,
  type JobClockVerb,
  mayCompleteNow,
} from "@/lib/job/job-clock";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { cancelledBookingIcs, icsAttachment } from "../booking-ics";
import { bookingContext } from "../booking-emails";
import { type Booking, lockBooking } from "../booking-records";
import { BOOKING_STATUS_LABELS, bookingHeading } from "../booking-view";
import { transitionBooking } from "../transition-booking";
import { assertBookingCrew, assertOnCrewDays } from "../crew/crew";
import { writeBookingNotes } from "../notes/booking-notes";

// The admin's lifecycle buttons and internal notes on /admin/bookings/{id} (docs/architecture.md, "Adding a
// booking action to a screen"): one transaction each, the status change through transitionBooking only
// (ADR 0014), an audit row, and the customer told by email when the business ends their booking. A page
// that showed another status than the booking has now is told what it is now and changes nothing.

const DEFAULT_REASON: Record<AdminBookingVerb, string> = {
  approve: "Approved by the business.",
  decline: "",
  start: "Job started.",
  complete: "Job completed.",
  no_show: "The customer was not there at the start time.",
  cancel: "",
};

type Options = { now?: Date };

/** Authorisation lives here, not only in the action: the actor must be an admin now (a customer gets
 * the answer a missing booking gets). */
export const assertBookingAdmin = assertAdminActor;

export const staleMessage = (booking: Booking) =>
  `This booking changed: it is now ${BOOKING_STATUS_LABELS[booking.status]}.`;

async function lockAsShown(tx: Tx, actor: Actor, bookingId: string): Promise<Booking> {
  await assertBookingAdmin(tx, actor);
  const booking = await lockBooking(tx, bookingId);
  if (!booking) throw new AppError("NOT_FOUND");
  return booking;
}

/** The job's crew: an admin, or (start and complete only, on their phone's days) a technician of its
 * team (ADR 0053). */
const CREW_VERBS: readonly AdminBookingVerb[] = ["start", "complete"];

async function lockForCrew(
  tx: Tx,
  actor: Actor,
  bookingId: string,
  verb: AdminBookingVerb,
  now: Date,
): Promise<{ booking: Booking; role: "admin" | "staff" }> {
  const booking = await lockBooking(tx, bookingId);
  if (!booking) {
    await assertBookingAdmin(tx, actor);
    throw new AppError("NOT_FOUND");
  }
  const role = await assertBookingCrew(tx, actor, booking);
  if (role === "staff" && !CREW_VERBS.includes(verb)) throw new AppError("NOT_FOUND");
  if (role === "staff") await assertOnCrewDays(tx, booking, now);
  return { booking, role };
}

/**
 * The customer's email when their booking ends: the business declined or cancelled it, or (`by`
 * "customer") they cancelled it themselves. `refund` and `byCustomer`'s money: see BookingEndedData.
 */
export async function tellCustomerBookingEnded(
  tx: Tx,
  booking: Booking,
  verb: "decline" | "cancel",
  reason: string,
  refund?: string | null,
  byCustomer?: { fee: string | null; backToCard: string | null; handBack: string | null },
) {
  const { view, customer } = await bookingContext(tx, booking.id);
  if (!customer) return;
  // A booking that was confirmed had its calendar file sent: METHOD:CANCEL with the same UID and a raised
  // SEQUENCE removes the event from the customer's calendar (ADR 0027).
  const ics = booking.confirmedAt ? await cancelledBookingIcs(tx, booking.id) : null;
  const netPaid = bookingMoney(booking).netPaidMinor;
  await enqueueEmail(tx, {
    to: customer.email,
    template: verb === "decline" ? "booking-declined" : "booking-cancelled",
    bookingId: booking.id,
    userId: customer.id,
    data: {
      name: customer.name,
      ...bookingHeading(view),
      reason,
      paid: netPaid > 0 ? formatMoney(netPaid, booking.currency) : null,
      ...(refund !== undefined ? { refund } : {}),
      ...(byCustomer ? { by: "customer" as const, ...byCustomer } : {}),
      bookUrl: new URL(routes.book, getEnv().APP_URL).toString(),
    },
    ...icsAttachment(ics),
  });
}

/**
 * Approve, decline, start, complete, no-show or cancel, from the status the page showed. A technician of
 * the job's team may start and complete it (their phone's buttons), under the same timing rules.
 */
export async function changeBookingAsAdmin(
  db: DbOrTx,
  actor: Actor,
  verb: AdminBookingVerb,
  input: AdminBookingChangeInput,
  { now = new Date() }: Options = {},
): Promise<{ status: Booking["status"] }> {
  const reason = input.reason?.trim() || DEFAULT_REASON[verb];
  if (VERB_NEEDS_REASON[verb] && !reason)
    throw new AppError("VALIDATION", undefined, { reason: ["Give a reason: the customer sees it."] });
  return db.transaction(async (tx) => {
    const { booking: current, role } = await lockForCrew(tx, actor, input.bookingId, verb, now);
    if (current.status !== input.from) throw new AppError("CONFLICT", staleMessage(current));
    if (verb === "no_show" && now.getTime() < current.startsAt.getTime())
      throw new AppError("CONFLICT", "A booking can be marked as missed only after its start time.");
    if (verb === "complete" && !mayCompleteNow(current.status, current.startsAt, now))
      throw new AppError("CONFLICT", COMPLETE_BEFORE_START);
    const early =
      verb === "start" || verb === "complete"
        ? await earlyOverride(tx, verb, current, now, input.overrideReason)
        : null;
    const to = VERB_TARGET[verb];
    const earlyKey = verb === "start" ? "earlyStart" : "earlyComplete";
    const { booking } = await transitionBooking(tx, {
      bookingId: current.id,
      to,
      actor: { role, id: actor.id },
      from: [input.from],
      reason: early ? `${verb === "start" ? "Started" : "Completed"} early: ${early.reason}` : reason,
      ...(early ? { data: { [earlyKey]: true, overrideReason: early.reason, leadMinutes: early.lead } } : {}),
      now,
      refusal: staleMessage(current),
      // Notes written on the job before completing it (the technician's phone) stay unless new ones come.
      ...(verb === "complete" && input.jobNotes?.trim() ? { jobNotes: input.jobNotes.trim() } : {}),
      effects: async (etx, changed) => {
        if (verb === "decline" || verb === "cancel")
          await tellCustomerBookingEnded(etx, changed, verb, reason);
      },
    });
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: `booking.${verb}`,
      entity: "booking",
      entityId: booking.id,
      summary: {
        reference: booking.reference,
        from: input.from,
        to: booking.status,
        reason,
        ...(early
          ? { [earlyKey]: true, overrideReason: early.reason, startsAt: current.startsAt.toISOString() }
          : {}),
      },
    });
    return { status: booking.status };
  });
}

/**
 * Starting before the business's lead (settings, ADR 0043), or completing before the job's booked start,
 * is an override: refused without a reason — a field message that says when the job is — and recorded
 * with it otherwise. Null: not early.
 */
async function earlyOverride(
  tx: Tx,
  verb: JobClockVerb,
  booking: Booking,
  now: Date,
  overrideReason: string | undefined,
): Promise<{ reason: string; lead: number } | null> {
  const settings = await getSettingsOrThrow(tx);
  const lead = settings.startLeadMinutes;
  if (!isEarlyJobAction(verb, booking.startsAt, now, lead)) return null;
  if (!isEarlyReasonGiven(overrideReason))
    throw new AppError("VALIDATION", undefined, {
      overrideReason: [
        `${jobTimeSentence(booking.startsAt, now, settings.timeZone)} ${earlyActionInWords(verb, lead)} needs a reason.`,
      ],
    });
  return { reason: overrideReason?.trim() ?? "", lead };
}

/** The admin-only notes on a booking: never shown to the customer, kept on the timeline as an edit. */
export async function saveInternalNotes(
  db: DbOrTx,
  actor: Actor,
  input: InternalNotesInput,
  { now = new Date() }: Options = {},
): Promise<void> {
  const notes = input.notes.trim() || null;
  await db.transaction(async (tx) => {
    const current = await lockAsShown(tx, actor, input.bookingId);
    await writeBookingNotes(tx, actor, current, "internalNotes", notes, now);
  });
}
