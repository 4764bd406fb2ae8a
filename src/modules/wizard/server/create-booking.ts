import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import type { BookingStatus, UserRole } from "@/lib/enums";
import {
  findAccountTerms,
  findUserByEmail,
  createPasswordlessCustomer,
  hasPassword,
  rememberSiteAnswers,
  saveAddressForCustomer,
  saveVehicleForCustomer,
} from "@/modules/accounts/server";
import { jobOfQuote, reserve } from "@/modules/availability/server";
import { payByFor } from "@/modules/accounts/domain/business-account";
import { amountDueNow } from "@/modules/pricing/domain/quote";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { Db, DbOrTx } from "@/server/db";
import { AppError, type FieldErrors, slotTaken, sqlState, SQLSTATE } from "@/server/errors";
import { logger } from "@/server/logger";
import type { CreateBookingInput } from "../book-schemas";
import { isComplete } from "@/modules/pricing/domain/booking-choices";
import { bundleRuleOf } from "@/modules/pricing/domain/visit-choices";
import { idempotencyKeyFor, parseMoreVehicles } from "../domain/wizard-state";
import { ALREADY_IN_VISIT, repeatedRegistrations, resolveWizardVisit } from "../domain/wizard-visit";
import {
  findOwnedAddress,
  findOwnedVehicle,
  listSaved,
  loadBookingCatalogue,
  announceNewBooking,
  newBookingRecord,
  insertBookingRecord,
  bookingHoldExpiry,
  findBookingByIdempotencyKey,
  type Booking,
} from "@/modules/bookings/server";
import { bookingPagePath } from "@/modules/bookings/links";
import {
  addressSnapshotOf,
  moreVehicleRecords,
  type MoreVehiclePlan,
  vehicleSnapshotOf,
} from "./wizard-records";
import { faultPoint } from "@/server/fault-point";

// The wizard's commit (PRODUCT.md §3.1, §4, §5, §7, §11). The server decides everything: the package,
// add-ons, size and zone are read from the catalogue and priced by quote(); the start is re-checked and
// a team chosen by reserve() under its per-date lock, with the overlap guard underneath. One wizard run
// makes at most one booking: its run id is the booking's idempotency key, so a double click, a resubmit
// or two racing requests all answer with the same booking.

export type BookingActor = { id: string; role: UserRole } | null;

/**
 * Starts the online payment of a booking that has committed (the payments module's `startCheckout`).
 * Passed in by the caller — the /api/book route — so that bookings never depends on payments.
 */
export type StartCheckout = (
  db: DbOrTx,
  actor: { id: string },
  input: { bookingId: string },
  deps: { now: Date },
) => Promise<{ url: string }>;

export type CreateBookingResult = {
  bookingId: string;
  reference: string;
  accessToken: string;
  status: BookingStatus;
  /** The checkout (payment due online) or the booking's success page. */
  redirectTo: string;
};

export const ADMIN_REFUSED =
  "You're signed in as an admin. Bookings for customers are made from the back office — sign out to book as a customer.";
export const STAFF_REFUSED =
  "You're signed in with your technician's account. The office books jobs for customers — sign out to book as a customer.";
const HOLD_EXPIRED =
  "Your held time ran out before payment was completed, so it was released. Please choose a time again.";
const ALREADY_MADE =
  "This booking has already been made. To book another time, submit again: it will be a new booking.";
const CHECKOUT_DOWN =
  "We couldn't start the payment just now. Your time is held for a few minutes — please try again.";

const invalid = (fieldErrors: FieldErrors) => new AppError("VALIDATION", undefined, fieldErrors);

export async function createBooking(
  db: Db,
  actor: BookingActor,
  input: CreateBookingInput,
  opts: { now?: Date; startCheckout: StartCheckout },
): Promise<CreateBookingResult> {
  const now = opts.now ?? new Date();
  // An admin's session is not a customer's: admins book for customers from the back office.
  if (actor?.role === "admin") throw new AppError("FORBIDDEN", ADMIN_REFUSED);
  if (actor?.role === "staff") throw new AppError("FORBIDDEN", STAFF_REFUSED);

  const key = idempotencyKeyFor(input.run);
  const secretHash = hashRunSecret(input.runSecret);
  const earlier = await findBookingByIdempotencyKey(db, key);
  if (earlier) return replay(db, earlier, input, actor, now, opts.startCheckout);

  const plan = await planBooking(db, actor, input, now);
  const { settings, choices, q, dueNow, status, holdExpiresAt, payBy, vehicleSnapshot, addressSnapshot } =
    plan;
  const { savedVehicle, savedAddress, vehicleDetails, addressDetails, contact, morePlans } = plan;

  const attempt = () =>
    db.transaction(async (tx) => {
      const customerId = actor
        ? actor.id
        : (
            await createPasswordlessCustomer(tx, {
              name: contact?.name ?? "",
              email: contact?.email ?? "",
              phone: contact?.phone ?? null,
              reason: "booking",
              // The set-up link is a section of the booking's own email (booking-emails.ts), not an email.
              sendSetupLink: false,
            })
          ).userId;
      // The booking's vehicle and address are kept on the account it belongs to (issue 27 #6): a
      // signed-in customer's, or a guest's account that nobody can sign in to yet — the one this booking
      // made, or made by earlier bookings — which the guest then claims by choosing a password. An
      // account with a password is never changed by someone who is not signed in to it: its guest
      // booking keeps them in its snapshots only.
      const keeps = actor !== null || !(await hasPassword(tx, customerId));
      const vehicleId =
        savedVehicle?.id ??
        (keeps && vehicleDetails
          ? await saveVehicleForCustomer(tx, customerId, choices.size.id, vehicleDetails)
          : null);
      const addressId =
        savedAddress?.id ??
        (keeps && addressDetails
          ? await saveAddressForCustomer(tx, customerId, choices.postcode, {
              ...addressDetails,
              // The site answers as the booking took them (a guest's come from the details step).
              hasWater: addressSnapshot.hasWater,
              hasPower: addressSnapshot.hasPower,
              hasCoveredSpace: addressSnapshot.hasCoveredSpace,
            })
          : null);
      // A saved address keeps the answers this booking was given: the next booking there asks again with them.
      if (savedAddress && actor && input.site)
        await rememberSiteAnswers(tx, customerId, savedAddress.id, addressSnapshot);
      const moreVehicles = await moreVehicleRecords(tx, keeps ? customerId : null, morePlans);

      const result = await reserve(tx, {
        start: input.start,
        ...jobOfQuote(q),
        now,
        holdExpiry: bookingHoldExpiry,
        createOwner: async (sp, slot) => {
          const booking = await insertBookingRecord(
            sp,
            newBookingRecord({
              idempotencyKey: key,
              runSecretHash: secretHash,
              customerId,
              status,
              source: "online",
              slot,
              currency: settings.currency,
              quote: q,
              dueNowMinor: dueNow,
              vehicleId,
              vehicleSnapshot,
              moreVehicles,
              addressId,
              addressSnapshot,
              customerNotes: input.notes ?? contact?.notes ?? null,
              holdExpiresAt,
              payBy,
              now,
              // A guest is not signed in: who booked is the system acting on an online submission.
              created: { actorId: actor?.id ?? null, data: { source: "online", guest: !actor } },
              // The booking's allocation on the chosen team, under reserve()'s savepoint.
              withAllocation: true,
            }),
          );
          return { owner: booking, allocation: null };
        },
        // Confirmed now → "confirmed" (with the calendar file); waiting for payment or approval → "received".
        afterReserve: (atx, { owner }) => announceNewBooking(atx, owner),
      });
      // Thrown inside the transaction: the customer and saved rows written before reserve() roll back too.
      if (!result.ok) throw slotTaken(result.message);
      return result.owner;
    });

  let booking: Booking | null = null;
  for (let tries = 0; !booking; tries++) {
    try {
      booking = await attempt();
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (sqlState(err) !== SQLSTATE.uniqueViolation || tries >= 2) throw err;
      // A concurrent submit of this run won the race: answer with its booking. (Otherwise the guest's
      // email was registered meanwhile, or a reference collided: try again.)
      const winner = await findBookingByIdempotencyKey(db, key);
      if (winner) return replay(db, winner, input, actor, now, opts.startCheckout);
    }
  }
  return finish(db, booking, now, opts.startCheckout);
}

/** What is checked before the transaction: the choices, the saved records are the customer's, the price. */
async function planBooking(db: Db, actor: BookingActor, input: CreateBookingInput, now: Date) {
  const errors: FieldErrors = {};
  if (!actor) {
    // Saved ids mean nothing without a session: a guest tells us about the vehicle and the address.
    if (input.savedVehicleId || !input.vehicleDetails)
      errors.vehicleDetails = ["Tell us about your vehicle: make, model and registration."];
    if (input.savedAddressId || !input.addressDetails)
      errors.addressDetails = ["Tell us where we'll do the work."];
    if (!input.contact) errors.contact = ["Tell us your name, email address and phone number."];
  }
  const more = parseMoreVehicles(input.more);
  const [settings, catalogue, savedVehicle, savedAddress, saved, terms] = await Promise.all([
    getSettingsOrThrow(db),
    loadBookingCatalogue(db),
    actor && input.savedVehicleId ? findOwnedVehicle(db, actor.id, input.savedVehicleId) : null,
    actor && input.savedAddressId ? findOwnedAddress(db, actor.id, input.savedAddressId) : null,
    actor && more.some((m) => m.vehicle) ? listSaved(db, actor.id) : null,
    actor ? findAccountTerms(db, actor.id) : null,
  ]);
  // Someone else's vehicle or address is refused exactly like one that does not exist.
  if (actor && input.savedVehicleId && !savedVehicle)
    errors.savedVehicleId = ["Choose one of your vehicles."];
  if (actor && input.savedAddressId && !savedAddress)
    errors.savedAddressId = ["Choose one of your addresses."];

  const visit = resolveWizardVisit(catalogue, {
    first: {
      service: input.service,
      sizeId: savedVehicle?.vehicleSizeId ?? input.size ?? null,
      addons: input.addons,
      postcode: savedAddress?.postcode ?? input.postcode ?? null,
    },
    firstVehicleId: savedVehicle?.id ?? null,
    more,
    saved: saved?.vehicles ?? [],
    bundle: bundleRuleOf(settings),
    maxVehicles: settings.maxVehiclesPerBooking,
  });
  const choices = visit.visit.first;
  const e = choices.errors;
  for (const [field, message] of Object.entries(visit.moreErrors)) (errors[field] ??= []).push(message);
  // Each new further vehicle needs what was typed about it; a registration twice is one vehicle twice.
  const moreDetails = more.map((m, i) => (m.vehicle ? null : (input.moreDetails[i] ?? null)));
  for (const [i, m] of more.entries())
    if (!m.vehicle && !moreDetails[i])
      errors[`more.${i}.vehicleDetails`] = [`Tell us about vehicle ${i + 2}: make, model and registration.`];
  const registrations = [
    savedVehicle?.registration ?? input.vehicleDetails?.registration,
    ...more.map((_, i) => visit.vehicles[i]?.saved?.registration ?? moreDetails[i]?.registration),
  ];
  for (const at of repeatedRegistrations(registrations))
    (errors[`more.${at - 1}.registration`] ??= []).push(ALREADY_IN_VISIT);
  if (e.service) errors.service = [e.service];
  if (e.size) (errors[savedVehicle ? "savedVehicleId" : "size"] ??= []).push(e.size);
  if (e.addons) errors.addons = [e.addons];
  if (e.postcode) (errors[savedAddress ? "savedAddressId" : "postcode"] ??= []).push(e.postcode);
  const q = visit.visit.quote;
  if (Object.keys(errors).length || !isComplete(choices) || !q) throw invalid(errors);
  const morePlans: MoreVehiclePlan[] = more.flatMap((_, i) => {
    const size = visit.visit.more[i]?.size;
    const own = saved?.vehicles.find((v) => v.id === more[i]?.vehicle) ?? null;
    return size ? [{ saved: own, details: own ? null : (moreDetails[i] ?? null), size }] : [];
  });

  const vehicleDetails = input.vehicleDetails;
  const addressDetails = input.addressDetails;
  const contact = input.contact;
  const vehicleSource = savedVehicle ?? vehicleDetails;
  const addressSource = savedAddress ?? (addressDetails && { ...addressDetails, postcode: choices.postcode });
  if (!vehicleSource || !addressSource)
    throw invalid({ [vehicleSource ? "addressDetails" : "vehicleDetails"]: ["Please complete this step."] });
  // A business on account is invoiced instead (ADR 0051): nothing is due online, the invoice is due by payBy.
  const payBy = payByFor(terms, now, settings.timeZone);
  const dueNow = amountDueNow(q.totalMinor, settings.paymentMode, settings.depositPercent, {
    onAccount: payBy !== null,
  });
  // Nothing to take online (on the day, on account, or a free job) means no payment hold. A booking that
  // needs the business's approval takes no money before it is approved (ADR 0010): paying would confirm it.
  const takesPayment = !settings.approvalRequired && settings.paymentMode !== "on_the_day" && dueNow > 0;
  const status: BookingStatus = settings.approvalRequired
    ? "awaiting_approval"
    : takesPayment
      ? "pending_payment"
      : "confirmed";
  const holdExpiresAt = takesPayment ? new Date(now.getTime() + settings.holdMinutes * 60_000) : null;
  const vehicleSnapshot = vehicleSnapshotOf(vehicleSource, choices.size.name);
  // The site's answers as asked on this booking: a guest's with their details, a signed-in customer's on
  // the review (issue 41 §4).
  const addressSnapshot = addressSnapshotOf(addressSource, actor ? input.site : contact);

  return {
    settings,
    choices,
    q,
    dueNow,
    status,
    holdExpiresAt,
    payBy,
    vehicleSnapshot,
    addressSnapshot,
    savedVehicle,
    savedAddress,
    vehicleDetails,
    addressDetails,
    contact,
    morePlans,
  };
}

const hashRunSecret = (secret: string) => createHash("sha256").update(secret).digest("base64url");

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The same run submitted again. It answers with the booking only to the person who made it (the same
 * account, the same time): a run id copied from someone else's link reveals nothing.
 */
async function replay(
  db: DbOrTx,
  booking: Booking,
  input: CreateBookingInput,
  actor: BookingActor,
  now: Date,
  startCheckout: StartCheckout,
): Promise<CreateBookingResult> {
  // Only the tab that made it may replay a run: it alone holds the run's secret (a run id and a start
  // can be read from a shared link or a browser history, and an email address is no secret).
  const sameTab =
    booking.runSecretHash !== null && sameHash(booking.runSecretHash, hashRunSecret(input.runSecret));
  const customerId = actor
    ? actor.id
    : input.contact
      ? ((await findUserByEmail(db, input.contact.email))?.id ?? null)
      : null;
  if (!sameTab || customerId !== booking.customerId || booking.startsAt.getTime() !== input.start.getTime())
    throw new AppError("CONFLICT", ALREADY_MADE, { run: [ALREADY_MADE] });
  const lapsed =
    booking.status === "expired" ||
    (booking.status === "pending_payment" &&
      booking.holdExpiresAt !== null &&
      booking.holdExpiresAt.getTime() <= now.getTime());
  if (lapsed) throw slotTaken(HOLD_EXPIRED);
  return finish(db, booking, now, startCheckout);
}

/** After commit: a checkout when money is due online, else the success page. */
async function finish(
  db: DbOrTx,
  b: Booking,
  now: Date,
  startCheckout: StartCheckout,
): Promise<CreateBookingResult> {
  let redirectTo = bookingPagePath("success", b);
  if (b.status === "pending_payment") {
    faultPoint("book:reserved");
    try {
      redirectTo = (await startCheckout(db, { id: b.customerId }, { bookingId: b.id }, { now })).url;
    } catch (err) {
      if (err instanceof AppError) throw err;
      // The booking and its hold are safe; submitting the same run again retries the checkout.
      logger.error({ err, bookingId: b.id }, "starting the checkout failed");
      throw new AppError("INTERNAL", CHECKOUT_DOWN);
    }
  }
  return {
    bookingId: b.id,
    reference: b.reference,
    accessToken: b.accessToken,
    status: b.status,
    redirectTo,
  };
}
