import "server-only";
import { resendBookingEmail as queueCopy } from "@/modules/notifications/server";
import { type Actor, writeAudit } from "@/server/audit";
import type { DbOrTx } from "@/server/db";
import { AppError } from "@/server/errors";
import { assertBookingAdmin } from "./admin-booking-actions";
import { lockBooking, recordBookingEvents } from "../booking-records";
import { announceBooking } from "../transition-booking";

// "Resend" beside each of a booking's emails on /admin/bookings/{id}: a fresh copy of the same email
// (same recipient, same content as it was queued) goes through the outbox; audited and on the timeline.

export async function resendBookingEmailAsAdmin(
  db: DbOrTx,
  actor: Actor,
  input: { bookingId: string; emailId: string },
): Promise<{ to: string }> {
  return db.transaction(async (tx) => {
    await assertBookingAdmin(tx, actor);
    const booking = await lockBooking(tx, input.bookingId);
    if (!booking) throw new AppError("NOT_FOUND");
    const copy = await queueCopy(tx, input);
    if (!copy) throw new AppError("NOT_FOUND", "This email is no longer kept: it can't be sent again.");
    await recordBookingEvents(tx, [
      {
        bookingId: booking.id,
        actorId: actor.id,
        type: "email_sent",
        toValue: "resent",
        data: { template: copy.template, to: copy.to, emailId: copy.id, resentFrom: input.emailId },
      },
    ]);
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "booking.resend_email",
      entity: "booking",
      entityId: booking.id,
      summary: {
        reference: booking.reference,
        emailId: input.emailId,
        copyId: copy.id,
        template: copy.template,
        to: copy.to,
      },
    });
    await announceBooking(tx, booking);
    return { to: copy.to };
  });
}
