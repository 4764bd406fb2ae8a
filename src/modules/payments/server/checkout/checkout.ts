import "server-only";
import { depositOwed } from "@/lib/booking/booking-money";
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { visitTitle } from "@/lib/booking/visit-title";
import { getEnv } from "@/env";
import { findUserById } from "@/modules/accounts/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { DbOrTx, Tx } from "@/server/db";
import { type Booking, extendPaymentHold, lockBooking, findBooking } from "@/modules/bookings/server";
import { bookingItems, payments } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { logger } from "@/server/logger";
import { bookingPageUrl } from "@/modules/bookings/links";
import { activeProviderName, getPaymentProvider } from "../providers/registry";
import { MIN_SESSION_MS } from "../providers/stripe-provider";
import { faultPoint } from "@/server/fault-point";

// Starting an online payment for a booking that holds its time: a fresh checkout at the configured
// provider and a pending `payments` row pointing at it. Any earlier unpaid checkout of the booking is
// closed (a "Try again" supersedes it); if it is paid after all, the webhook still applies or refunds it.

const EXPIRED_MESSAGE =
  "The time we were holding for you has been released because payment wasn't completed in time. Please choose a time again.";

function assertPayable(booking: Booking, now: Date): void {
  if (booking.status !== "pending_payment")
    throw new AppError("CONFLICT", "This booking isn't waiting for a payment.");
  if (booking.holdExpiresAt && booking.holdExpiresAt <= now) throw new AppError("CONFLICT", EXPIRED_MESSAGE);
  if (depositOwed(booking) <= 0) throw new AppError("CONFLICT", "Nothing is due online for this booking.");
}

export type OpenCheckout = { provider: "stripe" | "test"; checkoutId: string };

/** Closes the booking's unpaid online checkouts (in the caller's transaction); returns them. */
export async function cancelOpenCheckouts(tx: DbOrTx, bookingId: string): Promise<OpenCheckout[]> {
  const rows = await tx
    .update(payments)
    .set({ status: "cancelled" })
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.status, "pending"),
        inArray(payments.provider, ["stripe", "test"]),
      ),
    )
    .returning({ provider: payments.provider, providerReference: payments.providerReference });
  return rows.flatMap((r) =>
    r.providerReference && r.provider !== "manual"
      ? [{ provider: r.provider, checkoutId: r.providerReference }]
      : [],
  );
}

/** After the commit: asks the providers to stop accepting payment on these checkouts (best effort). */
export async function expireCheckoutsQuietly(checkouts: OpenCheckout[]): Promise<void> {
  await Promise.all(
    checkouts.map(async (c) => {
      try {
        await getPaymentProvider(c.provider).expireCheckout(c.checkoutId);
      } catch (err) {
        // Already completed or expired at the provider: a payment that lands anyway is refunded.
        logger.warn({ err, checkoutId: c.checkoutId }, "could not expire a superseded checkout");
      }
    }),
  );
}

/**
 * A checkout the booking's customer opens: signed in, or acting through the booking's token, or the
 * booking just made for them (createBooking, after its commit). Anyone else finds no booking. `planFor`
 * checks the booking and says what is paid, before the provider is asked for anything.
 */
export function customerCheckout(
  planFor: (db: DbOrTx, booking: Booking, now: Date) => Promise<CheckoutPlan>,
) {
  return async (
    db: DbOrTx,
    actor: { id: string },
    input: { bookingId: string },
    { now = new Date() }: { now?: Date } = {},
  ): Promise<{ url: string }> => {
    const booking = await findBooking(db, input.bookingId);
    if (!booking || booking.customerId !== actor.id) throw new AppError("NOT_FOUND");
    return openCheckout(db, booking, await planFor(db, booking, now));
  };
}

/** The deposit or the full price of a booking waiting for its online payment. */
export const startCheckout = customerCheckout(async (db, booking, now) => {
  assertPayable(booking, now);
  const settings = await getSettingsOrThrow(db);
  const providerName = activeProviderName();
  const amountMinor = depositOwed(booking);
  const kind = booking.depositDueMinor < booking.totalMinor ? "deposit" : "full";
  // A Stripe session lives at least 31 minutes: the time stays held for as long as it can be paid, so a
  // payment made late in that window confirms the booking instead of being refunded.
  const currentExpiry = booking.holdExpiresAt ?? new Date(now.getTime() + settings.holdMinutes * 60_000);
  const holdUntil =
    providerName === "stripe"
      ? new Date(Math.max(currentExpiry.getTime(), now.getTime() + MIN_SESSION_MS))
      : currentExpiry;
  return {
    kind,
    amountMinor,
    describe: (title) => `${kind === "deposit" ? "Deposit for " : ""}${title} — booking ${booking.reference}`,
    cancelPage: "payment-cancelled",
    expiresAt: holdUntil,
    inTransaction: async (tx, locked) => {
      assertPayable(locked, now);
      await extendPaymentHold(tx, booking.id, holdUntil);
    },
  };
});

export type CheckoutPlan = {
  kind: "deposit" | "full" | "balance";
  amountMinor: number;
  /** The line the provider shows, from the booking's package name. */
  describe: (title: string) => string;
  /** Where the provider's Cancel goes back to. */
  cancelPage: "payment-cancelled" | "pay";
  expiresAt: Date;
  /** Re-checks the locked booking (and holds its time, if it must) before the payment row is written. */
  inTransaction: (tx: Tx, locked: Booking) => Promise<void>;
};

/**
 * One online checkout for a booking: the provider's checkout first (outside any transaction, so no
 * database lock waits on the network — it is harmless until a payments row points at it), then, on the
 * locked booking, the plan's re-check, the booking's earlier unpaid checkouts closed and a pending
 * `payments` row. If the transaction refuses (paid in another tab, expired), nobody may pay the new
 * checkout; the superseded ones are expired after the commit.
 */
export async function openCheckout(
  db: DbOrTx,
  booking: Booking,
  plan: CheckoutPlan,
): Promise<{ url: string }> {
  const [settings, customer, items] = await Promise.all([
    getSettingsOrThrow(db),
    findUserById(db, booking.customerId),
    db
      .select({ name: bookingItems.name })
      .from(bookingItems)
      .where(and(eq(bookingItems.bookingId, booking.id), eq(bookingItems.kind, "package")))
      .orderBy(asc(bookingItems.vehiclePosition), asc(bookingItems.position)),
  ]);
  const providerName = activeProviderName();
  const paymentId = randomUUID();
  // Named by all the visit's vehicles (visitTitle), as on its pages.
  const title = visitTitle(items.map((i) => i.name));
  const appUrl = getEnv().APP_URL;
  const checkout = await getPaymentProvider(providerName).createCheckout({
    paymentId,
    bookingId: booking.id,
    reference: booking.reference,
    amountMinor: plan.amountMinor,
    currency: booking.currency,
    description: plan.describe(title),
    businessName: settings.businessName,
    customerEmail: customer && !customer.anonymisedAt ? customer.email : null,
    successUrl: bookingPageUrl("payment-complete", booking, appUrl),
    cancelUrl: bookingPageUrl(plan.cancelPage, booking, appUrl),
    expiresAt: plan.expiresAt,
  });
  faultPoint("checkout:provider-opened");

  let superseded: OpenCheckout[];
  try {
    superseded = await db.transaction(async (tx) => {
      const locked = await lockBooking(tx, booking.id);
      if (!locked) throw new AppError("NOT_FOUND");
      await plan.inTransaction(tx, locked);
      const closed = await cancelOpenCheckouts(tx, booking.id);
      await tx.insert(payments).values({
        id: paymentId,
        bookingId: booking.id,
        provider: providerName,
        kind: plan.kind,
        method: "online",
        amountMinor: plan.amountMinor,
        currency: booking.currency,
        status: "pending",
        providerReference: checkout.id,
      });
      return closed;
    });
  } catch (err) {
    await expireCheckoutsQuietly([{ provider: providerName, checkoutId: checkout.id }]);
    throw err;
  }
  await expireCheckoutsQuietly(superseded);
  return { url: checkout.url };
}
