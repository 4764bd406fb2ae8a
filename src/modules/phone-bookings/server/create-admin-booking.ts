import "server-only";
import { assertAdminActor } from "@/server/auth/assert-admin";
import type { BookingStatus } from "@/lib/enums";
import { formatMoney } from "@/lib/money";
import { routes } from "@/lib/routes";
import {
  createPasswordlessCustomer,
  findAccountTerms,
  findUserById,
  saveAddressForCustomer,
  saveVehicleForCustomer,
} from "@/modules/accounts/server";
import { payByFor } from "@/modules/accounts/domain/business-account";
import { amountDueNow } from "@/modules/pricing/domain/quote";
import { recordPhonePayment } from "@/modules/payments/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type Actor, writeAudit } from "@/server/audit";
import { type Db, type Tx } from "@/server/db";
import { AppError, type FieldErrors, sqlState, SQLSTATE } from "@/server/errors";
import type { PhoneBookingInput } from "../admin-phone-schemas";
import {
  announceNewBooking,
  announceQuietly,
  newBookingRecord,
  type Booking,
  findOwnedAddress,
  findOwnedVehicle,
  loadBookingCatalogue,
  findBookingByIdempotencyKey,
} from "@/modules/bookings/server";
import { addressSnapshotOf, moreVehicleRecords, vehicleSnapshotOf } from "@/modules/wizard/server";
import { visitFor } from "./phone-job";
import { planMoreVehicles } from "./phone-visit";
import { type FactsOf, type Finish, placeOverridden, reserveForPhone } from "./phone-placement";

// A phone booking (/admin/bookings/new, PRODUCT.md §8): the business books for a customer, found or new.
// The job is priced exactly as the wizard prices it (resolveVisit → quoteVisit(): one vehicle, or several in
// one visit — ADR 0050); a postcode outside every
// zone is allowed, without a travel fee, and the screen warns. The time is held by reserve() on the chosen
// team under the business's rules, or — overridden with a reason — written directly, where the database's
// overlap guard still refuses a real overlap and the refusal names what is in the way. Paying: a payment
// link (the booking holds its time as pending_payment for the hold window and the customer gets the usual
// "complete your booking" email, whose page has the Pay button), a manual payment (recorded by the
// payments module, which phone bookings sit above), or on the day. Source `admin`; the
// customer and the business get the normal emails. One form run makes at most one booking.

export type AdminBookingResult = {
  bookingId: string;
  reference: string;
  status: BookingStatus;
  redirectTo: string;
};

const invalid = (fieldErrors: FieldErrors) => new AppError("VALIDATION", undefined, fieldErrors);

/**
 * A booking made as the business's answer to a customer's request for a time (ADR 0057), paid by a link:
 * its time is held until `holdUntil` (not the checkout's hold window: the customer pays from an email), and
 * `within` — the request's own writes and its email, in place of the usual "complete your booking" — runs in
 * the booking's transaction.
 */
export type ProposalOptions = { holdUntil: Date; within: (tx: Tx, made: Booking) => Promise<void> };

type CreateOptions = { now?: Date; proposal?: ProposalOptions };

export async function createAdminBooking(
  db: Db,
  actor: Actor,
  input: PhoneBookingInput,
  opts: CreateOptions = {},
): Promise<AdminBookingResult> {
  const now = opts.now ?? new Date();
  await assertAdminActor(db, actor);
  const key = `admin:${input.run}`;
  const earlier = await findBookingByIdempotencyKey(db, key);
  if (earlier) return resultOf(earlier);
  const plan = await planPhoneBooking(db, input, now, opts.proposal);

  const booking = await db
    .transaction(async (tx) => {
      const records = await customerRecords(tx, input, plan);
      const facts: FactsOf = (slot, withAllocation) =>
        newBookingRecord({
          idempotencyKey: key,
          customerId: records.ownerId,
          status: plan.status,
          source: "admin",
          slot,
          currency: plan.settings.currency,
          quote: plan.q,
          dueNowMinor: plan.dueNow,
          vehicleId: records.vehicleId,
          vehicleSnapshot: vehicleSnapshotOf(plan.vehicleSource, plan.size.name),
          moreVehicles: records.moreVehicles,
          addressId: records.addressId,
          addressSnapshot: addressSnapshotOf(plan.addressSource),
          customerNotes: input.notes,
          internalNotes: input.internalNotes,
          holdExpiresAt: plan.holdExpiresAt,
          payBy: plan.payBy,
          now,
          created: {
            actorId: actor.id,
            data: {
              source: "admin",
              payment: input.payment,
              override: input.override,
              ...(input.override ? { reason: input.reason } : {}),
              ...(plan.outsideArea ? { outsideArea: true } : {}),
            },
          },
          withAllocation,
        });
      const finish: Finish = (ftx, made) => finishPhoneBooking(ftx, made, { actor, input, opts, plan, now });
      return input.override
        ? placeOverridden(tx, input, plan, { facts, finish, now })
        : reserveForPhone(tx, input, plan, { facts, finish, now });
    })
    .catch(async (err: unknown) => {
      // The same form submitted twice at once: the other request made it.
      if (sqlState(err) === SQLSTATE.uniqueViolation) {
        const winner = await findBookingByIdempotencyKey(db, key);
        if (winner) return winner;
      }
      throw err;
    });
  return resultOf(booking);
}

type PhonePlan = Awaited<ReturnType<typeof planPhoneBooking>>;

/** Everything checked before the transaction: the customer's records, the job's price, how it is paid. */
async function planPhoneBooking(db: Db, input: PhoneBookingInput, now: Date, proposal?: ProposalOptions) {
  const errors: FieldErrors = {};
  const customerId = input.customer.kind === "existing" ? input.customer.id : null;
  const [settings, catalogue, existing, savedVehicle, savedAddress, terms] = await Promise.all([
    getSettingsOrThrow(db),
    loadBookingCatalogue(db),
    customerId ? findUserById(db, customerId) : null,
    customerId && input.savedVehicleId ? findOwnedVehicle(db, customerId, input.savedVehicleId) : null,
    customerId && input.savedAddressId ? findOwnedAddress(db, customerId, input.savedAddressId) : null,
    customerId && input.payment === "on_account" ? findAccountTerms(db, customerId) : null,
  ]);
  if (input.payment === "on_account" && !terms?.onAccount)
    errors.payment = [
      "This customer doesn't pay on account: allow it under Business on their profile, or choose another way to pay.",
    ];
  if (customerId && (!existing || existing.role !== "customer" || existing.anonymisedAt))
    errors.customerId = ["Choose a customer from the search results."];
  else if (existing?.banned)
    errors.customerId = ["This customer is deactivated: reactivate them on their profile first."];
  if (input.savedVehicleId && !savedVehicle)
    errors.savedVehicleId = ["Choose one of the customer's vehicles."];
  if (input.savedAddressId && !savedAddress)
    errors.savedAddressId = ["Choose one of the customer's addresses."];

  const {
    visit,
    errors: choiceErrors,
    outsideArea,
  } = visitFor(catalogue, settings, {
    service: input.service,
    size: input.size,
    addons: input.addons,
    postcode: savedAddress?.postcode ?? input.postcode,
    more: input.more,
  });
  for (const [field, message] of Object.entries(choiceErrors))
    (errors[field === "postcode" && savedAddress ? "savedAddressId" : field] ??= []).push(message);
  const morePlans = await planMoreVehicles(
    db,
    input,
    {
      customerId,
      maxVehicles: settings.maxVehiclesPerBooking,
      firstRegistration: savedVehicle?.registration ?? input.vehicle?.registration ?? null,
      sizes: visit.more.map((m) => m.size),
    },
    errors,
  );
  const q = visit.quote;
  const size = visit.first.size;
  const postcode = visit.first.postcode;
  if (!q || !size || !postcode || Object.keys(errors).length) throw invalid(errors);

  const total = q.totalMinor;
  if (input.payment === "link" && total <= 0)
    throw invalid({ payment: ["Nothing is due for this job: choose Pay on the day."] });
  if (input.manual && input.manual.amountMinor > total)
    throw invalid({
      amount: [`That is more than the booking's total (${formatMoney(total, settings.currency)}).`],
    });
  const status: BookingStatus = input.payment === "link" ? "pending_payment" : "confirmed";
  // On account (ADR 0051): confirmed now, invoiced at once, to be paid within the customer's terms.
  const payBy = input.payment === "on_account" ? payByFor(terms, now, settings.timeZone) : null;
  const dueNow =
    input.payment === "link"
      ? amountDueNow(total, settings.paymentMode, settings.depositPercent) || total
      : 0;
  const holdExpiresAt =
    status !== "pending_payment"
      ? null
      : (proposal?.holdUntil ?? new Date(now.getTime() + settings.holdMinutes * 60_000));
  const vehicleSource = savedVehicle ?? input.vehicle;
  const addressSource = savedAddress ?? (input.address && { ...input.address, postcode });
  if (!vehicleSource || !addressSource)
    throw invalid({ [vehicleSource ? "line1" : "make"]: ["Please complete this part."] });
  const end = new Date(input.start.getTime() + q.totalMinutes * 60_000);
  return {
    settings,
    customerId,
    morePlans,
    savedVehicle,
    savedAddress,
    outsideArea,
    q,
    size,
    postcode,
    status,
    dueNow,
    holdExpiresAt,
    payBy,
    vehicleSource,
    addressSource,
    end,
  };
}

/** The customer (made now for a new one, with a set-up link if asked) and their saved vehicle and address. */
async function customerRecords(tx: Tx, input: PhoneBookingInput, plan: PhonePlan) {
  const ownerId =
    plan.customerId ??
    (input.customer.kind === "new"
      ? (
          await createPasswordlessCustomer(tx, {
            name: input.customer.name,
            email: input.customer.email,
            phone: input.customer.phone,
            reason: "admin",
            sendSetupLink: input.customer.sendSetupLink,
          })
        ).userId
      : "");
  const vehicleId =
    plan.savedVehicle?.id ??
    (input.vehicle ? await saveVehicleForCustomer(tx, ownerId, plan.size.id, input.vehicle) : null);
  const addressId =
    plan.savedAddress?.id ??
    (input.address ? await saveAddressForCustomer(tx, ownerId, plan.postcode, input.address) : null);
  const moreVehicles = await moreVehicleRecords(tx, ownerId, plan.morePlans);
  return { ownerId, vehicleId, addressId, moreVehicles };
}

/** After the booking is written: the payment taken at the desk, the audit row, the emails. */
async function finishPhoneBooking(
  tx: Tx,
  made: Booking,
  c: {
    actor: Actor;
    input: PhoneBookingInput;
    opts: CreateOptions;
    plan: PhonePlan;
    now: Date;
  },
): Promise<void> {
  const { actor, input } = c;
  // Paid at the desk: one email to the customer, the confirmation with the receipt in it.
  const receipt = input.manual
    ? await recordPhonePayment(tx, { booking: made, payment: input.manual, actorId: actor.id, now: c.now })
    : null;
  await writeAudit(tx, {
    actorId: actor.id,
    ip: actor.ip,
    action: input.override ? "booking.create_override" : "booking.create",
    entity: "booking",
    entityId: made.id,
    summary: {
      reference: made.reference,
      source: "admin",
      status: made.status,
      payment: input.payment,
      override: input.override,
      reason: input.reason,
      outsideArea: c.plan.outsideArea,
      vehicles: 1 + c.plan.morePlans.length,
      start: made.startsAt.toISOString(),
      teamId: made.teamId,
    },
  });
  if (c.opts.proposal) {
    await c.opts.proposal.within(tx, made);
    await announceQuietly(tx, [made]);
  } else await announceNewBooking(tx, made, { receipt });
}

const resultOf = (b: Booking): AdminBookingResult => ({
  bookingId: b.id,
  reference: b.reference,
  status: b.status,
  redirectTo: routes.adminBooking(b.id),
});
