// The demo history's building blocks: the PRNG, the plan's types, and the teams' diary. Pure.
import { isoWeekday } from "@/lib/dates";
import type { BookingStatus, PaymentMethod } from "@/lib/enums";
import type { DEMO_SIZES } from "./demo-data";
import { DEMO_HOURS } from "./demo-data";

/** The default seed number (DEMO_SEED overrides it): tests pin it, so the plan is the same every run. */
export const DEFAULT_DEMO_SEED = 27;

/** mulberry32: a small, fast, seedable PRNG (32-bit state); good enough for demo data, not for secrets. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;
export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
export const chance = (rng: Rng, p: number) => rng() < p;

export type SizeKey = (typeof DEMO_SIZES)[number]["key"];

export type PlannedCustomer = {
  name: string;
  email: string;
  phone: string;
  createdAt: Date;
  marketingOptIn: boolean;
  vehicle: {
    make: string;
    model: string;
    year: number;
    colour: string;
    registration: string;
    size: SizeKey;
  };
  address: { line1: string; town: string; postcode: string; accessNotes: string | null; hasWater: boolean };
};

export type PlannedItem = {
  slug: string;
  kind: "package" | "addon" | "travel_fee";
  name: string;
  priceMinor: number;
  minutes: number;
};
export type PlannedPayment = {
  kind: "deposit" | "full" | "balance";
  provider: "test" | "manual";
  method: PaymentMethod;
  amountMinor: number;
  at: Date;
};
export type PlannedRefund = {
  /** Index into the booking's payments. */
  payment: number;
  amountMinor: number;
  reasonKind: "cancellation" | "goodwill" | "overpayment";
  reason: string;
  at: Date;
};
export type PlannedAdjustment = {
  kind: "discount" | "goodwill";
  amountMinor: number;
  reason: string;
  at: Date;
  refund?: number;
};

export type PlannedBooking = {
  reference: string;
  customer: number;
  team: number;
  startsAt: Date;
  endsAt: Date;
  status: BookingStatus;
  source: "online" | "admin";
  items: PlannedItem[];
  totalMinor: number;
  depositDueMinor: number;
  adjustmentMinor: number;
  feeMinor: number | null;
  amountPaidMinor: number;
  amountRefundedMinor: number;
  createdAt: Date;
  confirmedAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  cancelledByCustomer: boolean;
  cancellationReason: string | null;
  holdExpiresAt: Date | null;
  customerNotes: string | null;
  jobNotes: string | null;
  payments: PlannedPayment[];
  refunds: PlannedRefund[];
  adjustments: PlannedAdjustment[];
  /** Status changes after creation, in order. */
  history: { from: BookingStatus; to: BookingStatus; at: Date; byAdmin: boolean }[];
  /** A reschedule request: open (its held time) or decided in the past. */
  reschedule?: {
    status: "pending" | "approved" | "declined";
    startsAt: Date;
    endsAt: Date;
    team: number;
    reason: string;
    adminResponse: string | null;
    createdAt: Date;
    decidedAt: Date | null;
    expiresAt: Date;
  };
};

export type DemoPolicy = {
  timeZone: string;
  depositPercent: number;
  freeCancellationHours: number;
  lateCancellationFeePercent: number;
  noShowFeePercent: number;
  rescheduleRequestExpiryHours: number;
};

export type DemoHistoryPlan = { customers: PlannedCustomer[]; bookings: PlannedBooking[] };

/** Busy time the plan must leave free (bookings written before it), per team index. */
export type BusyInterval = { team: number; start: Date; end: Date };
export const DAY_MS = 86_400_000;
export const H = 3_600_000;

/** The working intervals (local minutes) of a date, from the demo's opening hours. */
export function workingIntervals(date: string): readonly [number, number][] {
  return DEMO_HOURS[isoWeekday(date)] ?? [];
}

export class TeamDiary {
  private readonly taken = new Map<number, { start: number; end: number }[]>();
  constructor(busy: readonly BusyInterval[]) {
    for (const b of busy) this.add(b.team, b.start, b.end);
  }
  add(team: number, start: Date, end: Date) {
    const list = this.taken.get(team) ?? [];
    list.push({ start: start.getTime(), end: end.getTime() });
    this.taken.set(team, list);
  }
  fits(team: number, start: Date, end: Date): boolean {
    const s = start.getTime();
    const e = end.getTime();
    return !(this.taken.get(team) ?? []).some((x) => x.start < e && s < x.end);
  }
}
