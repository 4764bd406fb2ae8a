import "server-only";
import { siteAnswersOf as readSiteAnswers } from "@/lib/job/site-answers";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { formatMoney } from "@/lib/money";
import { getEnv } from "@/env";
import { findUserById, setupLinkIfPasswordless } from "@/modules/accounts/server";
import { type BookingView, bookingHeading, getBookingView } from "./booking-view";
import { allowsEmail, enqueueEmail } from "@/modules/notifications/server";
import type {
  BookingEmailSummary,
  ReceiptSection,
  SiteAnswers,
} from "@/modules/notifications/templates/booking";
import { alertHeadline, type PaymentAlertKind } from "@/modules/notifications/templates/payment";
import type { TemplateDataMap, TemplateName } from "@/modules/notifications/templates";
import { getSettingsOrThrow, type Settings } from "@/modules/settings/server";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { type AddressSnapshot, bookingEvents, bookings, emails } from "@/server/db/schema";
import { bookingMoney } from "@/lib/booking/booking-money";
import {
  bookingPromises,
  cancellationPromiseSentence,
  reminderPromiseSentence,
} from "../domain/booking-promises";
import { bookingPageUrl } from "../links";
import { buildBookingIcs, icsAttachment } from "./booking-ics";

// The booking emails, queued in the caller's transaction (they go out if and only if it commits).
// The customer gets one email per thing that happened to their booking (issue 17):
// - confirmed → "booking confirmed" with the calendar file, the receipt of the payment that confirmed it
//   and, for a guest without a password, the account set-up link as sections of that one email;
// - awaiting approval → "request received" (with the set-up link section);
// - waiting for payment → nothing at first: the checkout is in front of them. Only when it is abandoned
//   (still unpaid a few minutes later, or closed at the provider) → "complete your booking", once.
// The business hears of a new booking once, when it is confirmed or awaits approval (never while it
// waits for payment), if its alert choices say so (settings → Notifications).

/** How long a checkout may sit unpaid before the customer is reminded to complete their booking. */
export const ABANDONED_CHECKOUT_MINUTES = 5;

export const adminAddress = (s: Settings) => s.adminNotificationEmail ?? s.contactEmail;
export const adminBookingUrl = (bookingId: string) =>
  new URL(`/admin/bookings/${bookingId}`, getEnv().APP_URL).toString();

function summaryOf(view: BookingView): BookingEmailSummary {
  return {
    ...bookingHeading(view),
    visitDays: view.visitDays,
    visitHow: view.visitHow,
    vehicle: view.vehicleLabel,
    address: view.addressLine,
    items: view.items.map((i) => ({ name: i.name, price: i.price })),
    total: view.total,
    paid: view.paid,
    paidMinor: view.paidMinor,
    // What is left for the day once what is due now is paid (not the whole unpaid total of a booking
    // still waiting for its online payment).
    balance: view.onTheDay,
    balanceMinor: view.onTheDayMinor,
    payBy: view.payBy,
    payment: view.paymentStatusLabel,
  };
}

/** The booking, its view, its reachable customer (null once erased) and the settings, for an email. */
export async function bookingContext(tx: DbOrTx, bookingId: string) {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new Error(`booking ${bookingId} not found`);
  const [view, customer, settings] = await Promise.all([
    getBookingView(tx, bookingId),
    findUserById(tx, booking.customerId),
    getSettingsOrThrow(tx),
  ]);
  // An erased account has no address to write to.
  const reachable = customer && !customer.anonymisedAt ? customer : null;
  return { booking, view, customer: reachable, settings };
}

/** How an email about a booking to its customer opens: their name, the booking's reference and title. */
type CustomerGreeting = { name: string; reference: string; title: string };

type CustomerTemplate = {
  [K in TemplateName]: TemplateDataMap[K] extends CustomerGreeting ? K : never;
}[TemplateName];

/**
 * Queues an email about the booking to its (reachable) customer, greeting them by name and naming the
 * booking; `data` is what this email says besides.
 */
export async function enqueueCustomerEmail<K extends CustomerTemplate>(
  tx: DbOrTx,
  ctx: {
    booking: { id: string; reference: string };
    customer: { id: string; email: string; name: string };
    view: { title: string };
  },
  template: K,
  data: Omit<TemplateDataMap[K], keyof CustomerGreeting>,
): Promise<void> {
  const { booking, customer, view } = ctx;
  const greeting: CustomerGreeting = { name: customer.name, reference: booking.reference, title: view.title };
  await enqueueEmail(tx, {
    to: customer.email,
    template,
    bookingId: booking.id,
    userId: customer.id,
    data: { ...greeting, ...data } as TemplateDataMap[K],
  });
}

/** The customer's answers about the site, as both the confirmation and the business's alert show them. */
const siteAnswersOf = (a: AddressSnapshot): SiteAnswers => {
  const answers = readSiteAnswers(a);
  return {
    water: answers.hasWater,
    power: answers.hasPower,
    covered: answers.hasCoveredSpace,
    accessNotes: a.accessNotes,
  };
};

async function enqueueNewBookingForAdmin(tx: DbOrTx, ctx: Awaited<ReturnType<typeof bookingContext>>) {
  if (!ctx.settings.alertNewBookings) return;
  const [sent] = await tx
    .select({ id: emails.id })
    .from(emails)
    .where(and(eq(emails.bookingId, ctx.booking.id), eq(emails.template, "booking-new-admin")))
    .limit(1);
  if (sent) return;
  await enqueueEmail(tx, {
    to: adminAddress(ctx.settings),
    template: "booking-new-admin",
    bookingId: ctx.booking.id,
    data: {
      summary: summaryOf(ctx.view),
      statusLabel: ctx.view.statusLabel,
      customerName: ctx.customer?.name ?? "(erased account)",
      customerEmail: ctx.customer?.email ?? "",
      customerPhone: ctx.customer?.phone ?? null,
      notes: ctx.booking.customerNotes,
      // The team needs these on the day: access, water, power and cover (issue 27).
      site: siteAnswersOf(ctx.booking.addressSnapshot),
      adminUrl: adminBookingUrl(ctx.booking.id),
    },
  });
}

/**
 * What the confirmation promises about cancelling and the reminder, computed for this booking as it is
 * confirmed (domain/booking-promises.ts): the same sentences as its result page.
 */
function promisesOf(
  ctx: Awaited<ReturnType<typeof bookingContext>>,
  customer: NonNullable<Awaited<ReturnType<typeof bookingContext>>["customer"]>,
  now: Date,
): string[] {
  const b = ctx.booking;
  const money = bookingMoney(b);
  const promised = {
    startsAt: b.startsAt,
    chargeMinor: money.chargeMinor,
    paidMinor: Math.max(0, money.netPaidMinor),
    chosenAt: b.timeChosenAt ?? b.createdAt,
    remindersOn: !b.reminderSentAt && allowsEmail(customer, "reminder"),
    onAccount: b.payBy !== null,
  };
  const p = bookingPromises(promised, ctx.settings, now);
  const reminder = reminderPromiseSentence(p);
  return [cancellationPromiseSentence(p, ctx.settings, promised, "booked"), ...(reminder ? [reminder] : [])];
}

/** An online booking's guest who can't sign in yet gets the set-up link inside the booking's email. */
async function guestSetupUrl(tx: DbOrTx, ctx: Awaited<ReturnType<typeof bookingContext>>) {
  if (!ctx.customer || ctx.booking.source !== "online") return null;
  return setupLinkIfPasswordless(tx, ctx.customer.id);
}

/** The booking already has an email of this template (in the outbox, sent or not). */
export async function hasEmail(tx: DbOrTx, bookingId: string, template: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: emails.id })
    .from(emails)
    .where(and(eq(emails.bookingId, bookingId), eq(emails.template, template)))
    .limit(1);
  return Boolean(row);
}

export async function enqueueBookingEmails(
  tx: Tx,
  bookingId: string,
  kind: "received" | "confirmed",
  opts: { receipt?: ReceiptSection | null; now?: Date } = {},
): Promise<void> {
  const ctx = await bookingContext(tx, bookingId);
  const { booking, view, customer } = ctx;
  const appUrl = getEnv().APP_URL;
  const payment = booking.status === "pending_payment";
  // Waiting for payment online: the customer is at the checkout, and the business waits until it is
  // paid. (A booking the business made by phone is paid from the email: that one goes at once.)
  if (kind === "received" && payment && booking.source === "online") return;
  if (customer) {
    const to = { to: customer.email, bookingId, userId: customer.id };
    const about = {
      name: customer.name,
      summary: summaryOf(view),
      url: bookingPageUrl("success", booking, appUrl),
      setupUrl: await guestSetupUrl(tx, ctx),
    };
    if (kind === "received")
      await enqueueEmail(tx, {
        ...to,
        template: "booking-received",
        data: {
          ...about,
          awaiting: payment ? "payment" : "approval",
          dueNow: view.dueNow,
          holdUntil: payment ? view.holdExpiresAtTime : null,
        },
      });
    else
      await enqueueEmail(tx, {
        ...to,
        template: "booking-confirmed",
        data: {
          ...about,
          site: siteAnswersOf(booking.addressSnapshot),
          receipt: opts.receipt ?? null,
          promises: promisesOf(ctx, customer, opts.now ?? new Date()),
        },
        ...icsAttachment(await buildBookingIcs(tx, bookingId)),
      });
  }
  await enqueueNewBookingForAdmin(tx, ctx);
}

/**
 * "Complete your booking", once, for a checkout that was abandoned: the booking still waits for payment
 * and its hold has not lapsed. Called by the minutely sweep (a checkout left unpaid for a few minutes)
 * and when the provider closes a checkout unpaid. Locks the booking, so two workers send it once; a
 * booking that got paid meanwhile gets nothing.
 */
export async function enqueueCompleteYourBooking(
  tx: Tx,
  bookingId: string,
  now: Date,
  opts: { skipLocked?: boolean } = {},
): Promise<boolean> {
  // A caller already holding other locks (the webhook, its payment row) must not wait for the booking:
  // it skips a booking someone else is changing, and the sweep catches it a minute later if still due.
  const [locked] = await tx
    .select({ status: bookings.status, holdExpiresAt: bookings.holdExpiresAt })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for("update", opts.skipLocked ? { skipLocked: true } : undefined);
  if (!locked || locked.status !== "pending_payment") return false;
  if (locked.holdExpiresAt && locked.holdExpiresAt <= now) return false;
  if (await hasEmail(tx, bookingId, "booking-received")) return false;
  const ctx = await bookingContext(tx, bookingId);
  if (!ctx.customer) return false;
  await enqueueEmail(tx, {
    to: ctx.customer.email,
    template: "booking-received",
    bookingId,
    userId: ctx.customer.id,
    data: {
      name: ctx.customer.name,
      summary: summaryOf(ctx.view),
      url: bookingPageUrl("success", ctx.booking, getEnv().APP_URL),
      awaiting: "payment",
      abandoned: true,
      dueNow: ctx.view.dueNow,
      holdUntil: ctx.view.holdExpiresAtTime,
      setupUrl: await guestSetupUrl(tx, ctx),
    },
  });
  return true;
}

/** The sweep: every checkout left unpaid for ABANDONED_CHECKOUT_MINUTES gets its one reminder. */
export async function remindAbandonedCheckouts(
  db: Db,
  { now = new Date() }: { now?: Date } = {},
): Promise<number> {
  const since = new Date(now.getTime() - ABANDONED_CHECKOUT_MINUTES * 60_000);
  const due = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "pending_payment"),
        lte(bookings.createdAt, since),
        gt(bookings.holdExpiresAt, now),
        sql`NOT EXISTS (SELECT 1 FROM ${emails} WHERE ${emails.bookingId} = ${bookings.id} AND ${emails.template} = 'booking-received')`,
      ),
    )
    .limit(200);
  let sent = 0;
  for (const { id } of due) if (await db.transaction((tx) => enqueueCompleteYourBooking(tx, id, now))) sent++;
  return sent;
}

/** Which of the business's alert choices (settings → Notifications) an alert falls under. */
export const ALERT_CHOICE: Record<PaymentAlertKind, "payments" | "cancellations" | "refunds" | "problems"> = {
  booking_paid: "payments",
  booking_cancelled: "cancellations",
  booking_expired: "cancellations",
  refund_made: "refunds",
  refund_owed: "refunds",
  late_payment_refunded: "refunds",
  cancelled_booking_refunded: "refunds",
  paid_twice_refunded: "refunds",
  // Problems that need the business to act are always sent; so is a batch of visits made or cancelled.
  series_changed: "problems",
  amount_mismatch: "problems",
  refund_failed: "problems",
};

export function businessWantsAlert(s: Settings, kind: PaymentAlertKind): boolean {
  switch (ALERT_CHOICE[kind]) {
    case "payments":
      return s.alertPayments;
    case "cancellations":
      return s.alertCancellations;
    case "refunds":
      return s.alertRefunds;
    case "problems":
      return true;
  }
}

export type BusinessAlert = {
  bookingId: string;
  kind: PaymentAlertKind;
  amountMinor: number;
  currency: string;
  /** What happened, in a sentence or two. */
  detail: string;
};

/**
 * Tells the business address (settings) about money that moved or a booking that ended, through the
 * outbox in the caller's transaction, and notes on the booking's timeline that it was told. The one
 * mechanism for every alert (payments' refunds and receipts, cancellations and expiries here).
 */
export async function enqueueBusinessAlert(tx: DbOrTx, alert: BusinessAlert): Promise<void> {
  const [booking] = await tx
    .select({ reference: bookings.reference })
    .from(bookings)
    .where(eq(bookings.id, alert.bookingId));
  const settings = await getSettingsOrThrow(tx);
  if (!businessWantsAlert(settings, alert.kind)) return;
  const to = adminAddress(settings);
  await enqueueEmail(tx, {
    to,
    template: "payment-alert-admin",
    bookingId: alert.bookingId,
    data: {
      kind: alert.kind,
      reference: booking?.reference ?? "",
      amount: formatMoney(alert.amountMinor, alert.currency),
      detail: alert.detail,
      adminUrl: adminBookingUrl(alert.bookingId),
    },
  });
  await tx.insert(bookingEvents).values({
    bookingId: alert.bookingId,
    type: "email_sent",
    toValue: "business",
    data: { template: "payment-alert-admin", kind: alert.kind, to, headline: alertHeadline(alert.kind) },
    at: sql`clock_timestamp()`,
  });
}
