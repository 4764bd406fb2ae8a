import "server-only";
import { eq } from "drizzle-orm";
import { getEnv } from "@/env";
import { formatDuration, formatLongDate, formatTime, localDateOf } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { routes } from "@/lib/routes";
import { findUserById } from "@/modules/accounts/server";
import { adminAddress, bookingContext } from "@/modules/bookings/server";
import { bookingPageUrl } from "@/modules/bookings/links";
import { enqueueEmail } from "@/modules/notifications/server";
import type { TimeRequestVisitLines } from "@/modules/notifications/templates/time-request";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { DbOrTx, Tx } from "@/server/db";
import { timeRequests } from "@/server/db/schema";
import { type AskedDay, formatAskedDate, formatAskedDay } from "../domain/time-request-rules";

// The emails of a time request, queued in the caller's transaction (sent if and only if it commits). The
// business always hears of a request that needs it (a new one, a proposal declined or lapsed): there is no
// setting to miss a customer waiting for an answer.

export type TimeRequestRow = typeof timeRequests.$inferSelect;

const appUrl = () => getEnv().APP_URL;
export const myRequestUrl = (id: string) => new URL(routes.myTimeRequest(id), appUrl()).toString();
export const adminRequestUrl = (id: string) => new URL(routes.adminTimeRequest(id), appUrl()).toString();

export function visitLinesOf(r: Pick<TimeRequestRow, "visit" | "workMinutes">): TimeRequestVisitLines {
  const money = (minor: number) => formatMoney(minor, r.visit.currency);
  return {
    title: r.visit.serviceName,
    vehicle: r.visit.vehicleLabel,
    address: r.visit.addressLine,
    work: `${formatDuration(r.workMinutes)} of work`,
    items: r.visit.lines.map((l) => ({ name: l.name, price: money(l.priceMinor) })),
    total: money(r.visit.totalMinor),
  };
}

export const daysText = (days: readonly AskedDay[]) => days.map(formatAskedDay);

/** "Tuesday 8 December 2026, 08:00 GMT – 17:00 GMT" and "Tue 8 Dec 08:00 to 17:00". */
export function whenOf(start: Date, end: Date, timeZone: string) {
  const hhmm = (d: Date) => formatTime(d, timeZone).split(" ")[0] ?? "";
  return {
    when: `${formatLongDate(start, timeZone)}, ${formatTime(start, timeZone)} – ${formatTime(end, timeZone)}`,
    shortWhen: `${formatAskedDate(localDateOf(start, timeZone))} ${hhmm(start)} to ${hhmm(end)}`,
  };
}

async function requestOf(tx: DbOrTx, requestId: string): Promise<TimeRequestRow> {
  const [row] = await tx.select().from(timeRequests).where(eq(timeRequests.id, requestId));
  if (!row) throw new Error(`time request ${requestId} not found`);
  return row;
}

/** "We've got your request" to the customer, and the business's notice of a new request. */
export async function enqueueRequestReceived(tx: Tx, request: TimeRequestRow): Promise<void> {
  const customer = await findUserById(tx, request.customerId);
  if (customer && !customer.anonymisedAt)
    await enqueueEmail(tx, {
      to: customer.email,
      userId: customer.id,
      template: "time-request-received",
      data: {
        name: customer.name,
        visit: visitLinesOf(request),
        days: daysText(request.days),
        note: request.note,
        url: myRequestUrl(request.id),
      },
    });
  await enqueueBusinessNotice(tx, request.id, "new");
}

/** The business's notice: a new request, or a proposal declined, withdrawn or lapsed. */
export async function enqueueBusinessNotice(
  tx: Tx,
  requestId: string,
  kind: "new" | "declined" | "withdrawn" | "expired",
): Promise<void> {
  const request = await requestOf(tx, requestId);
  const [customer, settings, proposal] = await Promise.all([
    findUserById(tx, request.customerId),
    getSettingsOrThrow(tx),
    kind !== "new" && request.bookingId ? bookingContext(tx, request.bookingId) : null,
  ]);
  await enqueueEmail(tx, {
    to: adminAddress(settings),
    template: "time-request-admin",
    data: {
      kind,
      customerName: customer?.name ?? "(erased account)",
      customerEmail: customer?.email ?? "",
      customerPhone: customer?.phone ?? null,
      visit: visitLinesOf(request),
      days: daysText(request.days),
      note: request.note,
      proposed: proposal
        ? whenOf(proposal.booking.startsAt, proposal.booking.endsAt, settings.timeZone).when
        : null,
      url: adminRequestUrl(request.id),
    },
  });
}

/** "We can do Tue 8 Dec 08:00 to 17:00 — accept and pay", with the booking's Pay link. */
export async function enqueueProposal(
  tx: Tx,
  request: TimeRequestRow,
  bookingId: string,
  message: string | null,
): Promise<void> {
  const { booking, view, customer, settings } = await bookingContext(tx, bookingId);
  if (!customer) return;
  const tz = settings.timeZone;
  const hold = booking.holdExpiresAt ?? booking.startsAt;
  await enqueueEmail(tx, {
    to: customer.email,
    userId: customer.id,
    bookingId,
    template: "time-request-proposal",
    data: {
      name: customer.name,
      visit: visitLinesOf(request),
      reference: booking.reference,
      ...whenOf(booking.startsAt, booking.endsAt, tz),
      dueNow: view.dueNow,
      holdUntil: `${formatLongDate(hold, tz)}, ${formatTime(hold, tz)}`,
      message,
      payUrl: bookingPageUrl("success", booking, appUrl()),
      url: myRequestUrl(request.id),
    },
  });
}

/** The business can't arrange the visit: the customer hears why. */
export async function enqueueClosed(tx: Tx, request: TimeRequestRow, reason: string): Promise<void> {
  const customer = await findUserById(tx, request.customerId);
  if (!customer || customer.anonymisedAt) return;
  await enqueueEmail(tx, {
    to: customer.email,
    userId: customer.id,
    template: "time-request-closed",
    data: {
      name: customer.name,
      title: request.visit.serviceName,
      reason,
      bookUrl: new URL(routes.book, appUrl()).toString(),
    },
  });
}
