import "server-only";
import { asc, eq } from "drizzle-orm";
import { formatCalendarDate, formatDateTime, formatLongDate, formatTime } from "@/lib/dates";
import { bookingParts, formatVisitLength, visitTimesInWords } from "@/lib/day-parts";
import type { BookingItemKind, BookingStatus } from "@/lib/enums";
import { formatMoney, formatSignedMoney } from "@/lib/money";
import { getSettingsOrThrow } from "@/modules/settings/server";
import {
  type BookingMoney,
  type BookingPaymentStatus,
  bookingMoney,
  depositOwed,
  paymentStatusLabel,
  type MoneyState,
  moneyStateOf,
} from "@/lib/booking/booking-money";
import type { DbOrTx } from "@/server/db";
import {
  type AddressSnapshot,
  bookingItems,
  bookings,
  teams,
  type VehicleSnapshot,
} from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { lineNameInVisit } from "@/modules/pricing/domain/visit-choices";
import { visitTitle } from "@/lib/booking/visit-title";
import { loadVisitVehicles, vehicleLabelOf } from "./booking-vehicles";

// One read of a booking for every customer-facing view (the /booking/* pages, the wizard's last step,
// emails): everything already formatted in the business time zone and currency, so components and
// templates never format by hand.

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending_payment: "Awaiting payment",
  awaiting_approval: "Awaiting approval",
  confirmed: "Confirmed",
  in_progress: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
  declined: "Declined",
  expired: "Expired",
  no_show: "Missed",
};

/** A booking's status in words: a visit cancelled by pausing its repeat booking reads "Paused". */
export function bookingStatusLabel(b: { status: BookingStatus; paused?: boolean | null }): string {
  return b.status === "cancelled" && b.paused ? "Paused" : BOOKING_STATUS_LABELS[b.status];
}

export type BookingViewItem = {
  kind: BookingItemKind;
  name: string;
  priceMinor: number;
  price: string;
  minutes: number;
};

export type BookingView = {
  id: string;
  reference: string;
  customerId: string;
  status: BookingStatus;
  statusLabel: string;
  paymentStatus: BookingPaymentStatus;
  /** Its money state (moneyStateOf), which the payment chip shows in words (paymentStatusLabel). */
  moneyState: MoneyState;
  paymentStatusLabel: string;
  /** ISO instants. */
  startsAt: string;
  endsAt: string;
  /** "Tue 8 Dec, 09:30 GMT" */
  when: string;
  /** "Tuesday 8 December 2026" */
  date: string;
  /** "09:30 GMT – 12:30 GMT" */
  timeRange: string;
  /** Over several days (ADR 0056): each day's part, and how it runs; empty and null for one day. */
  visitDays: string[];
  visitHow: string | null;
  /** "09:30 GMT" */
  startTime: string;
  durationMinutes: number;
  duration: string;
  timeZone: string;
  team: { id: string; name: string } | null;
  items: BookingViewItem[];
  /** The first package's name: what the job is called in emails and calendars. */
  title: string;
  currency: string;
  totalMinor: number;
  total: string;
  paidMinor: number;
  paid: string;
  refundedMinor: number;
  refunded: string;
  /** Online amount asked when booking (deposit or full). */
  depositDueMinor: number;
  /** What must be paid now to keep the booking (pending payment only). */
  dueNowMinor: number;
  dueNow: string;
  /** What is left to pay (on the day, for a deposit or pay-on-the-day booking). */
  balanceMinor: number;
  balance: string;
  /** The one money definition's figures (ADR 0040), and the ones screens print. */
  money: BookingMoney;
  chargeMinor: number;
  charge: string;
  adjustmentMinor: number;
  adjustment: string;
  netPaidMinor: number;
  netPaid: string;
  refundableMinor: number;
  refundable: string;
  feeKeptMinor: number;
  feeKept: string;
  /** What will be left to pay on the day once what is due now is paid. */
  onTheDayMinor: number;
  onTheDay: string;
  holdExpiresAt: string | null;
  /** On account (ADR 0051): the day its invoice must be paid by, "28 December 2026"; else null. */
  payBy: string | null;
  /** "10:15 GMT" */
  holdExpiresAtTime: string | null;
  /** The first (or only) vehicle. */
  vehicle: VehicleSnapshot;
  /** "Grey Volkswagen Golf (2019), LB19XKT"; a visit's several vehicles joined by "; " (emails, calendars). */
  vehicleLabel: string;
  /** Every vehicle of the visit in order, the first included (ADR 0050). */
  vehicles: { label: string; sizeName: string; registration: string }[];
  address: AddressSnapshot;
  addressLines: string[];
  /** One line, for a calendar's location. */
  addressLine: string;
  customerNotes: string | null;
  sequence: number;
};

/** What names a booking in an email or on a page: its reference, title, date and time. */
export function bookingHeading(view: BookingView) {
  return { reference: view.reference, title: view.title, date: view.date, timeRange: view.timeRange };
}

export async function getBookingView(db: DbOrTx, bookingId: string): Promise<BookingView> {
  const [row] = await db
    .select({ booking: bookings, teamName: teams.name })
    .from(bookings)
    .leftJoin(teams, eq(teams.id, bookings.teamId))
    .where(eq(bookings.id, bookingId));
  if (!row) throw new AppError("NOT_FOUND");
  const [items, settings, vehicles] = await Promise.all([
    db
      .select()
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, bookingId))
      .orderBy(asc(bookingItems.position)),
    getSettingsOrThrow(db),
    loadVisitVehicles(db, row.booking),
  ]);
  const b = row.booking;
  const tz = settings.timeZone;
  const money = (minor: number) => formatMoney(minor, b.currency);
  const m = bookingMoney(b);
  const paymentStatus = m.paymentStatus;
  const balanceMinor = m.dueMinor;
  const dueNowMinor = b.status === "pending_payment" ? depositOwed(b) : 0;
  const durationMinutes = b.workMinutes;
  const parts = bookingParts(b);
  const visit = visitTimesInWords(parts, tz, b.visitMode, settings.baseAddress);
  const v = b.vehicleSnapshot;
  const a = b.addressSnapshot;
  const addressLines = [a.line1, a.line2, a.town, a.postcode].filter((l): l is string => Boolean(l));
  return {
    id: b.id,
    reference: b.reference,
    customerId: b.customerId,
    status: b.status,
    statusLabel: bookingStatusLabel(b),
    paymentStatus,
    moneyState: moneyStateOf(m),
    paymentStatusLabel: paymentStatusLabel(m, b.currency),
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    when: formatDateTime(b.startsAt, tz),
    date: formatLongDate(b.startsAt, tz),
    // A visit over several days says its first start and last end (ADR 0056), each day's part below.
    timeRange: visit.range ?? `${formatTime(b.startsAt, tz)} – ${formatTime(b.endsAt, tz)}`,
    visitDays: visit.days,
    visitHow: visit.how,
    startTime: formatTime(b.startsAt, tz),
    durationMinutes,
    duration: formatVisitLength(b.workMinutes, parts),
    timeZone: tz,
    team: row.teamName ? { id: b.teamId, name: row.teamName } : null,
    items: items.map((i) => ({
      kind: i.kind,
      name: lineNameInVisit(i, vehicles),
      priceMinor: i.priceMinor,
      price: formatSignedMoney(i.priceMinor, b.currency),
      minutes: i.minutes,
    })),
    title: visitTitle(
      items
        .filter((i) => i.kind === "package")
        .sort((x, y) => (x.vehiclePosition ?? 0) - (y.vehiclePosition ?? 0) || x.position - y.position)
        .map((i) => i.name),
      items[0]?.name,
    ),
    currency: b.currency,
    totalMinor: b.totalMinor,
    total: money(b.totalMinor),
    paidMinor: b.amountPaidMinor,
    paid: money(b.amountPaidMinor),
    refundedMinor: b.amountRefundedMinor,
    refunded: money(b.amountRefundedMinor),
    depositDueMinor: b.depositDueMinor,
    dueNowMinor,
    dueNow: money(dueNowMinor),
    balanceMinor,
    balance: money(balanceMinor),
    money: m,
    chargeMinor: m.chargeMinor,
    charge: money(m.chargeMinor),
    adjustmentMinor: m.adjustmentMinor,
    adjustment: money(m.adjustmentMinor),
    netPaidMinor: m.netPaidMinor,
    netPaid: money(m.netPaidMinor),
    refundableMinor: m.refundableMinor,
    refundable: money(m.refundableMinor),
    feeKeptMinor: m.feeKeptMinor,
    feeKept: money(m.feeKeptMinor),
    onTheDayMinor: Math.max(0, balanceMinor - dueNowMinor),
    onTheDay: money(Math.max(0, balanceMinor - dueNowMinor)),
    holdExpiresAt: b.holdExpiresAt?.toISOString() ?? null,
    payBy: b.payBy ? formatCalendarDate(b.payBy) : null,
    holdExpiresAtTime: b.holdExpiresAt ? formatTime(b.holdExpiresAt, tz) : null,
    vehicle: v,
    vehicleLabel: vehicles.map(vehicleLabelOf).join("; "),
    vehicles: vehicles.map((x) => ({
      label: vehicleLabelOf(x),
      sizeName: x.sizeName,
      registration: x.registration,
    })),
    address: a,
    addressLines,
    addressLine: addressLines.join(", "),
    customerNotes: b.customerNotes,
    sequence: b.sequence,
  };
}
