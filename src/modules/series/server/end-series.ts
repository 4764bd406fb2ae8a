import "server-only";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { routes } from "@/lib/routes";
import { getEnv } from "@/env";
import { findUserById, mayEmail } from "@/modules/accounts/server";
import { whenLabel } from "@/modules/booking-moves/server";
import { bookingMoney } from "@/modules/bookings/domain/booking-money";
import { type Booking, transitionBooking } from "@/modules/bookings/server";
import { enqueueEmail } from "@/modules/notifications/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { writeAudit } from "@/server/audit";
import type { DbOrTx } from "@/server/db";
import { bookingItems, bookings, bookingSeries } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { ENDABLE, type SeriesActor } from "./plan";

/**
 * Ends a series: the visits still to come that nothing was paid for are cancelled through the transition
 * path (one email, not one each); paid ones are kept and named (the customer cancels them for the policy's
 * refund). The series stops. One transaction with its audit row.
 */
export async function endSeries(
  db: DbOrTx,
  actor: SeriesActor,
  input: { seriesId: string },
  now = new Date(),
): Promise<{ cancelled: string[]; kept: string[] }> {
  return db.transaction(async (tx) => {
    const [series] = await tx
      .select()
      .from(bookingSeries)
      .where(eq(bookingSeries.id, input.seriesId))
      .for("update");
    if (!series || (actor.role === "customer" && series.customerId !== actor.id))
      throw new AppError("NOT_FOUND");
    if (actor.role === "admin" && (await findUserById(tx, actor.id))?.role !== "admin")
      throw new AppError("NOT_FOUND");
    if (series.status !== "active") throw new AppError("CONFLICT", "This repeat booking has already ended.");
    const ahead = await tx
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.seriesId, series.id),
          gt(bookings.startsAt, now),
          inArray(bookings.status, [...ENDABLE]),
        ),
      )
      .orderBy(asc(bookings.startsAt));
    const settings = await getSettingsOrThrow(tx);
    const tz = settings.timeZone;
    const cancelled: Booking[] = [];
    const kept: Booking[] = [];
    for (const b of ahead) {
      if (bookingMoney(b).netPaidMinor > 0) {
        kept.push(b);
        continue;
      }
      const { booking } = await transitionBooking(tx, {
        bookingId: b.id,
        to: "cancelled",
        actor: actor.role === "admin" ? { id: actor.id, role: "admin" } : { id: actor.id, role: "customer" },
        reason: "The repeat booking was ended.",
        now,
        from: ENDABLE,
        quiet: true,
      });
      cancelled.push(booking);
    }
    await tx
      .update(bookingSeries)
      .set({ status: "ended", endedAt: now })
      .where(eq(bookingSeries.id, series.id));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "series.ended",
      entity: "series",
      entityId: series.id,
      summary: { cancelled: cancelled.map((b) => b.reference), kept: kept.map((b) => b.reference) },
    });
    const customer = await findUserById(tx, series.customerId);
    const label = (b: Booking) => `${whenLabel(b.startsAt, b.endsAt, tz)} · ${b.reference}`;
    if (customer && (await mayEmail(tx, customer.id, "booking"))) {
      const [firstItem] = await tx
        .select({ name: bookingItems.name })
        .from(bookingItems)
        .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
        .where(and(eq(bookings.seriesId, series.id), eq(bookingItems.kind, "package")))
        .limit(1);
      await enqueueEmail(tx, {
        to: customer.email,
        userId: customer.id,
        template: "series-ended",
        data: {
          name: customer.name,
          title: firstItem?.name ?? "booking",
          cancelled: cancelled.map(label),
          kept: kept.map(label),
          url: new URL(routes.myBookings, getEnv().APP_URL).toString(),
        },
      });
    }
    return { cancelled: cancelled.map((b) => b.id), kept: kept.map((b) => b.id) };
  });
}
