import "server-only";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { and, eq, sql } from "drizzle-orm";
import { addDays, formatDuration, localDateOf, localToInstant } from "@/lib/dates";
import type { BookingStatus, PaymentMethod } from "@/lib/enums";
import { formatMoney } from "@/lib/money";
import { routes } from "@/lib/routes";
import {
  createPasswordlessCustomer,
  findUserById,
  saveAddressForCustomer,
  saveVehicleForCustomer,
} from "@/modules/accounts/server";
import { RESERVE_LOCK_NAMESPACE, reserve } from "@/modules/availability/server";
import { amountDueNow } from "@/modules/pricing/domain/quote";
import type { ReceiptSection } from "@/modules/notifications/templates/booking";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type Actor, writeAudit } from "@/server/audit";
import { type Db, type DbOrTx, getDb, type Tx } from "@/server/db";
import { bookings, teams } from "@/server/db/schema";
import { AppError, type FieldErrors, sqlState, SQLSTATE } from "@/server/errors";
import { publish } from "@/server/realtime/publish";
import type { PhoneBookingInput, PhoneJobInput } from "../admin-phone-schemas";
import {
  addonOptions,
  bookablePackages,
  resolveChoices,
  sizeOptions,
} from "@/modules/wizard/domain/wizard-choices";
import {
  type AdminSlotDay,
  listActiveTeams,
  checkAdminSlot,
  getAdminSlotDay,
  inTheWayMessage,
  whatIsInTheWay,
  announceNewBooking,
  newBookingRecord,
  type Booking,
  insertBookingRecord,
  bookingHoldExpiry,
  findOwnedAddress,
  findOwnedVehicle,
  loadBookingCatalogue,
} from "@/modules/bookings/server";
import { addressSnapshotOf, vehicleSnapshotOf } from "@/modules/wizard/server";

// A phone booking (/admin/bookings/new, PRODUCT.md §8): the business books for a customer, found or new.
// The job is priced exactly as the wizard prices it (resolveChoices → quote()); a postcode outside every
// zone is allowed, without a travel fee, and the screen warns. The time is held by reserve() on the chosen
// team under the business's rules, or — overridden with a reason — written directly, where the database's
// overlap guard still refuses a real overlap and the refusal names what is in the way. Paying: a payment
// link (the booking holds its time as pending_payment for the hold window and the customer gets the usual
// "complete your booking" email, whose page has the Pay button), a manual payment (recorded by the
// payments module, passed in — bookings never depends on payments), or on the day. Source `admin`; the
// customer and the business get the normal emails. One form run makes at most one booking.

export type ManualPayment = {
  method: Exclude<PaymentMethod, "online">;
  amountMinor: number;
  reference: string | null;
};

/**
 * Records money received by the business for a booking just made (the payments module's function), and
 * answers its receipt: the customer's one confirmation email carries it, as a paid online booking's does.
 */
export type RecordManualPayment = (
  tx: Tx,
  input: { booking: Booking; payment: ManualPayment; actorId: string; now: Date },
) => Promise<ReceiptSection>;

export type AdminBookingResult = {
  bookingId: string;
  reference: string;
  status: BookingStatus;
  redirectTo: string;
};

/** Outside every zone is not an error for the business: the job is priced without travel and flagged. */
function choicesFor(
  catalogue: Awaited<ReturnType<typeof loadBookingCatalogue>>,
  input: { service: string; size: string | null; addons: readonly string[]; postcode: string | null },
) {
  const choices = resolveChoices(catalogue, {
    service: input.service,
    sizeId: input.size,
    addons: input.addons,
    postcode: input.postcode,
  });
  const outsideArea = Boolean(choices.postcode && !choices.zone);
  const errors = { ...choices.errors };
  if (outsideArea) delete errors.postcode;
  return { choices, errors, outsideArea };
}

export type PhoneQuote = {
  lines: { name: string; price: string }[];
  total: string;
  totalMinor: number;
  minutes: number;
  duration: string;
  dueNowOnline: string;
  zoneName: string | null;
  /** The postcode is outside every zone: allowed, without a travel fee. */
  outsideArea: boolean;
  postcode: string | null;
  errors: Partial<Record<"service" | "size" | "addons" | "postcode", string>>;
};

async function resolveJob(db: DbOrTx, input: PhoneJobInput) {
  const [settings, catalogue, address] = await Promise.all([
    getSettingsOrThrow(db),
    loadBookingCatalogue(db),
    input.customerId && input.savedAddressId
      ? findOwnedAddress(db, input.customerId, input.savedAddressId)
      : null,
  ]);
  const resolved = choicesFor(catalogue, {
    service: input.service,
    size: input.size ?? null,
    addons: input.addons,
    postcode: address?.postcode ?? input.postcode ?? null,
  });
  return { settings, ...resolved };
}

/** The price and length of a phone booking's job, as the wizard computes them. */
export async function quotePhoneJob(db: DbOrTx, actor: Actor, input: PhoneJobInput): Promise<PhoneQuote> {
  await assertAdminActor(db, actor);
  const { settings, choices, errors, outsideArea } = await resolveJob(db, input);
  const q = choices.quote;
  const money = (minor: number) => formatMoney(minor, settings.currency);
  return {
    lines: q?.lines.map((l) => ({ name: l.name, price: money(l.priceMinor) })) ?? [],
    total: money(q?.totalMinor ?? 0),
    totalMinor: q?.totalMinor ?? 0,
    minutes: q?.totalMinutes ?? 0,
    duration: q ? formatDuration(q.totalMinutes) : "",
    dueNowOnline: money(
      q ? amountDueNow(q.totalMinor, settings.paymentMode, settings.depositPercent) || q.totalMinor : 0,
    ),
    zoneName: choices.zone?.name ?? null,
    outsideArea,
    postcode: choices.postcode,
    errors,
  };
}

/** The picker's day for a phone booking's job (nothing while the job is incomplete). */
export async function getPhoneJobSlotDay(
  db: DbOrTx,
  actor: Actor,
  input: PhoneJobInput & { date: string },
  { now = new Date() }: { now?: Date } = {},
): Promise<AdminSlotDay> {
  await assertAdminActor(db, actor);
  const { choices } = await resolveJob(db, input);
  if (!choices.quote)
    throw new AppError(
      "VALIDATION",
      "Choose the service and the vehicle's size first: the times depend on them.",
    );
  return getAdminSlotDay(db, {
    date: input.date,
    durationMinutes: choices.quote.totalMinutes,
    zoneBufferMinutes: choices.quote.travelBufferMinutes,
    now,
  });
}

const invalid = (fieldErrors: FieldErrors) => new AppError("VALIDATION", undefined, fieldErrors);

/** Thrown inside the transaction so that the customer and saved records written before it roll back. */
class SlotRefused extends AppError {
  constructor(message: string) {
    super("SLOT_TAKEN", message, { start: [message] });
  }
}

export async function createAdminBooking(
  db: Db,
  actor: Actor,
  input: PhoneBookingInput,
  opts: { now?: Date; recordPayment: RecordManualPayment },
): Promise<AdminBookingResult> {
  const now = opts.now ?? new Date();
  await assertAdminActor(db, actor);
  const key = `admin:${input.run}`;
  const earlier = await findByKey(db, key);
  if (earlier) return resultOf(earlier);

  const errors: FieldErrors = {};
  const customerId = input.customer.kind === "existing" ? input.customer.id : null;
  const [settings, catalogue, existing, savedVehicle, savedAddress] = await Promise.all([
    getSettingsOrThrow(db),
    loadBookingCatalogue(db),
    customerId ? findUserById(db, customerId) : null,
    customerId && input.savedVehicleId ? findOwnedVehicle(db, customerId, input.savedVehicleId) : null,
    customerId && input.savedAddressId ? findOwnedAddress(db, customerId, input.savedAddressId) : null,
  ]);
  if (customerId && (!existing || existing.role !== "customer" || existing.anonymisedAt))
    errors.customerId = ["Choose a customer from the search results."];
  else if (existing?.banned)
    errors.customerId = ["This customer is deactivated: reactivate them on their profile first."];
  if (input.savedVehicleId && !savedVehicle)
    errors.savedVehicleId = ["Choose one of the customer's vehicles."];
  if (input.savedAddressId && !savedAddress)
    errors.savedAddressId = ["Choose one of the customer's addresses."];

  const {
    choices,
    errors: choiceErrors,
    outsideArea,
  } = choicesFor(catalogue, {
    service: input.service,
    size: input.size,
    addons: input.addons,
    postcode: savedAddress?.postcode ?? input.postcode,
  });
  for (const [field, message] of Object.entries(choiceErrors))
    (errors[field === "postcode" && savedAddress ? "savedAddressId" : field] ??= []).push(message);
  const q = choices.quote;
  const size = choices.size;
  const postcode = choices.postcode;
  if (!q || !size || !postcode || Object.keys(errors).length) throw invalid(errors);

  const total = q.totalMinor;
  if (input.payment === "link" && total <= 0)
    throw invalid({ payment: ["Nothing is due for this job: choose Pay on the day."] });
  if (input.manual && input.manual.amountMinor > total)
    throw invalid({
      amount: [`That is more than the booking's total (${formatMoney(total, settings.currency)}).`],
    });
  const status: BookingStatus = input.payment === "link" ? "pending_payment" : "confirmed";
  const dueNow =
    input.payment === "link"
      ? amountDueNow(total, settings.paymentMode, settings.depositPercent) || total
      : 0;
  const holdExpiresAt =
    status === "pending_payment" ? new Date(now.getTime() + settings.holdMinutes * 60_000) : null;
  const vehicleSource = savedVehicle ?? input.vehicle;
  const addressSource = savedAddress ?? (input.address && { ...input.address, postcode });
  if (!vehicleSource || !addressSource)
    throw invalid({ [vehicleSource ? "line1" : "make"]: ["Please complete this part."] });
  const end = new Date(input.start.getTime() + q.totalMinutes * 60_000);

  const booking = await db
    .transaction(async (tx) => {
      const ownerId =
        customerId ??
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
        savedVehicle?.id ??
        (input.vehicle ? await saveVehicleForCustomer(tx, ownerId, size.id, input.vehicle) : null);
      const addressId =
        savedAddress?.id ??
        (input.address ? await saveAddressForCustomer(tx, ownerId, postcode, input.address) : null);
      const facts = (slot: { teamId: string; start: Date; end: Date }, withAllocation: boolean) =>
        newBookingRecord({
          idempotencyKey: key,
          customerId: ownerId,
          status,
          source: "admin",
          slot,
          currency: settings.currency,
          quote: q,
          dueNowMinor: dueNow,
          vehicleId,
          vehicleSnapshot: vehicleSnapshotOf(vehicleSource, size.name),
          addressId,
          addressSnapshot: addressSnapshotOf(addressSource),
          customerNotes: input.notes,
          internalNotes: input.internalNotes,
          holdExpiresAt,
          now,
          created: {
            actorId: actor.id,
            data: {
              source: "admin",
              payment: input.payment,
              override: input.override,
              ...(input.override ? { reason: input.reason } : {}),
              ...(outsideArea ? { outsideArea: true } : {}),
            },
          },
          withAllocation,
        });
      const finish = async (ftx: Tx, made: Booking) => {
        // Paid at the desk: one email to the customer, the confirmation with the receipt in it.
        const receipt = input.manual
          ? await opts.recordPayment(ftx, { booking: made, payment: input.manual, actorId: actor.id, now })
          : null;
        await writeAudit(ftx, {
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
            outsideArea,
            start: made.startsAt.toISOString(),
            teamId: made.teamId,
          },
        });
        await announceNewBooking(ftx, made, { receipt });
      };

      if (!input.override) {
        const result = await reserve(tx, {
          start: input.start,
          durationMinutes: q.totalMinutes,
          zoneBufferMinutes: q.travelBufferMinutes,
          teamIds: [input.teamId],
          now,
          holdExpiry: bookingHoldExpiry,
          createOwner: async (sp, slot) => ({
            owner: await insertBookingRecord(sp, facts(slot, true)),
            allocation: null,
          }),
          afterReserve: (atx, { owner }) => finish(atx, owner),
        });
        if (result.ok) return result.owner;
        const check = await checkAdminSlot(tx, {
          durationMinutes: q.totalMinutes,
          zoneBufferMinutes: q.travelBufferMinutes,
          start: input.start,
          teamId: input.teamId,
          now,
        });
        throw new SlotRefused(check.ok ? result.message : check.message);
      }

      // Overridden: only the overlap guard decides. Queue behind reserve() on that date all the same.
      const date = localDateOf(input.start, settings.timeZone);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${RESERVE_LOCK_NAMESPACE}, hashtext(${date}))`);
      const dayStart = localToInstant(date, 0, settings.timeZone) ?? input.start;
      const dayEnd = localToInstant(addDays(date, 1), 0, settings.timeZone) ?? end;
      const expired = await bookingHoldExpiry.expire(tx, now, { from: dayStart, to: dayEnd });
      const [team] = await tx
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.id, input.teamId), eq(teams.isActive, true)))
        .for("share");
      if (!team) throw invalid({ teamId: ["Choose an active team."] });
      let made: Booking;
      try {
        made = await tx.transaction((sp) =>
          insertBookingRecord(sp, facts({ teamId: input.teamId, start: input.start, end }, true)),
        );
      } catch (err) {
        if (sqlState(err) !== SQLSTATE.exclusionViolation) throw err;
        const inTheWay = await whatIsInTheWay(tx, { teamId: input.teamId, start: input.start, end, now });
        throw new SlotRefused(inTheWayMessage(inTheWay, settings.timeZone));
      }
      await finish(tx, made);
      await bookingHoldExpiry.publish(tx, expired);
      await publish(
        tx,
        "schedule.changed",
        { audience: "admins" },
        { from: input.start.toISOString(), to: end.toISOString(), teamId: input.teamId },
      );
      return made;
    })
    .catch(async (err: unknown) => {
      // The same form submitted twice at once: the other request made it.
      if (sqlState(err) === SQLSTATE.uniqueViolation) {
        const winner = await findByKey(db, key);
        if (winner) return winner;
      }
      throw err;
    });
  return resultOf(booking);
}

async function findByKey(db: DbOrTx, key: string): Promise<Booking | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.idempotencyKey, key));
  return row ?? null;
}

const resultOf = (b: Booking): AdminBookingResult => ({
  bookingId: b.id,
  reference: b.reference,
  status: b.status,
  redirectTo: routes.adminBooking(b.id),
});

export type PhoneBookingPage = {
  packages: { slug: string; name: string; categoryName: string }[];
  sizes: { id: string; name: string }[];
  /** Per package slug: the sizes it is offered for, and per size the add-ons it may take. */
  offers: Record<string, { sizeIds: string[]; addons: Record<string, { slug: string; name: string }[]> }>;
  teams: { id: string; name: string }[];
  timeZone: string;
  /** The picker's first day: tomorrow in the business zone. */
  firstDate: string;
  holdMinutes: number;
};

/** What /admin/bookings/new offers: the bookable catalogue, the teams and the business's zone. */
export async function getPhoneBookingPage(db: DbOrTx, now = new Date()): Promise<PhoneBookingPage> {
  const [settings, catalogue, teamRows] = await Promise.all([
    getSettingsOrThrow(db),
    loadBookingCatalogue(db),
    listActiveTeams(db),
  ]);
  const offers: PhoneBookingPage["offers"] = {};
  const packages = bookablePackages(catalogue).flatMap((g) =>
    g.services.map((s) => ({ slug: s.slug, name: s.name, categoryName: g.categoryName, service: s })),
  );
  for (const { service } of packages) {
    const sizeIds = sizeOptions(catalogue, service.id)
      .filter((o) => o.cell)
      .map((o) => o.size.id);
    const addons: Record<string, { slug: string; name: string }[]> = {};
    for (const sizeId of sizeIds)
      addons[sizeId] = addonOptions(catalogue, service, sizeId).map((o) => ({
        slug: o.addon.slug,
        name: o.addon.name,
      }));
    offers[service.slug] = { sizeIds, addons };
  }
  return {
    packages: packages.map(({ slug, name, categoryName }) => ({ slug, name, categoryName })),
    sizes: catalogue.sizes.map((z) => ({ id: z.id, name: z.name })),
    offers,
    teams: teamRows,
    timeZone: settings.timeZone,
    firstDate: addDays(localDateOf(now, settings.timeZone), 1),
    holdMinutes: settings.holdMinutes,
  };
}

export async function loadPhoneBookingPage(): Promise<PhoneBookingPage> {
  return getPhoneBookingPage(await getDb());
}
