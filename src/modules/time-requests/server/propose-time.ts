import "server-only";
import { eq } from "drizzle-orm";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { createAdminBooking } from "@/modules/phone-bookings/server";
import type { PhoneBookingInput } from "@/modules/phone-bookings/admin-phone-schemas";
import { type Actor, writeAudit } from "@/server/audit";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { timeRequests } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { PROPOSAL_HOLD_HOURS, statusesBefore } from "../domain/time-request-rules";
import type { ProposeTimeInput } from "../time-request-schemas";
import { stepTimeRequest } from "./request-status";
import { enqueueProposal, type TimeRequestRow } from "./time-request-emails";

// The business proposes a time for a request (ADR 0057). The booking is made exactly as a phone booking
// paid by a link (createAdminBooking: the visit priced as the wizard prices it, the time held by reserve()
// on the chosen team under the business's rules — the slot gives the end — and the customer's typed vehicle
// and address saved to their account), waiting for payment and held for 48 hours (or until it starts, if
// sooner). In the same transaction the request becomes `proposed` with that booking, and the customer is
// emailed the time with its Pay link. Paying it confirms the booking (the request is booked); its hold
// lapsing expires it through the hold-expiry path (the request shows expired).

export const NOT_PROPOSABLE = "A time can't be proposed for this request now. Refresh the page.";

export async function findTimeRequest(db: DbOrTx, requestId: string): Promise<TimeRequestRow | null> {
  const [row] = await db.select().from(timeRequests).where(eq(timeRequests.id, requestId));
  return row ?? null;
}

/** The phone booking the proposal makes: the request's visit, for its customer, paid by a link. */
export function proposalBookingInput(r: TimeRequestRow, input: ProposeTimeInput): PhoneBookingInput {
  const v = r.visit;
  return {
    run: input.run,
    customer: { kind: "existing", id: r.customerId },
    savedVehicleId: v.savedVehicleId,
    vehicle: v.vehicle,
    savedAddressId: v.savedAddressId,
    address: v.address,
    postcode: v.savedAddressId ? null : v.postcode,
    service: v.service,
    size: v.size,
    addons: v.addons,
    more: v.more,
    start: input.start,
    teamId: input.teamId,
    override: false,
    reason: null,
    payment: "link",
    manual: null,
    notes: r.note,
    internalNotes: `Proposed in answer to the customer's request for a time.${input.message ? ` Message: ${input.message}` : ""}`,
  };
}

export async function proposeTime(
  db: Db,
  actor: Actor,
  input: ProposeTimeInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ bookingId: string; reference: string }> {
  await assertAdminActor(db, actor);
  const request = await findTimeRequest(db, input.requestId);
  if (!request) throw new AppError("NOT_FOUND");
  if (!statusesBefore("proposed").includes(request.status)) throw new AppError("CONFLICT", NOT_PROPOSABLE);
  const holdMs = Math.min(now.getTime() + PROPOSAL_HOLD_HOURS * 3_600_000, input.start.getTime());
  const within = async (tx: Tx, made: { id: string }) => {
    await stepTimeRequest(tx, request.id, {
      to: "proposed",
      now,
      by: actor.id,
      bookingId: made.id,
      response: input.message,
      refusal: NOT_PROPOSABLE,
    });
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "time_request.propose",
      entity: "time_request",
      entityId: request.id,
      summary: { bookingId: made.id, start: input.start.toISOString(), teamId: input.teamId },
    });
    await enqueueProposal(tx, request, made.id, input.message);
  };
  const made = await createAdminBooking(db, actor, proposalBookingInput(request, input), {
    now,
    proposal: { holdUntil: new Date(holdMs), within },
  });
  return { bookingId: made.bookingId, reference: made.reference };
}
