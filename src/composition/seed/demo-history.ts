// Six months of the demo business's life (issue 27 item 15), planned in memory from a seed number and
// "now": customers, jobs on the teams' working hours, their money, cancellations, no-shows and reschedule
// requests. Pure: no I/O, no clock, no Math.random — the same seed and the same now give the same plan.
// The money of every booking is derived with the product's one definition (bookingMoney, closingFee,
// afterRefund, policyRefund), and demo-history.integration.test.ts proves the written rows consistent
// with the SQL money functions. demo-history-write.ts writes the plan in bulk.
import { afterRefund, bookingMoney, closingFee } from "@/modules/bookings/domain/booking-money";
import { policyRefund } from "@/modules/payments/domain/money";
import { addDays, isoWeekday, localDateOf, localToInstant } from "@/lib/dates";
import { percentOfCeil } from "@/lib/money";
import { REFERENCE_ALPHABET } from "@/lib/reference";
import type { BookingStatus, PaymentMethod } from "@/lib/enums";
import type { DEMO_SIZES } from "./demo-data";
import {
  CANCEL_REASONS,
  COLOURS,
  CUSTOMER_NOTES,
  FIRST,
  JOB_NOTES,
  LAST,
  STREETS,
  VEHICLES,
} from "./demo-people";
import { DEMO_HOURS, DEMO_SERVICES, type DemoService } from "./demo-data";

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

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
const chance = (rng: Rng, p: number) => rng() < p;

type SizeKey = (typeof DEMO_SIZES)[number]["key"];

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

const DAY_MS = 86_400_000;
const H = 3_600_000;

/** The working intervals (local minutes) of a date, from the demo's opening hours. */
function workingIntervals(date: string): readonly [number, number][] {
  return DEMO_HOURS[isoWeekday(date)] ?? [];
}

function reference(rng: Rng, taken: Set<string>): string {
  for (;;) {
    let out = "FC-";
    for (let i = 0; i < 6; i++) out += REFERENCE_ALPHABET[Math.floor(rng() * REFERENCE_ALPHABET.length)];
    if (!taken.has(out)) {
      taken.add(out);
      return out;
    }
  }
}

function planCustomers(rng: Rng, count: number, now: Date): PlannedCustomer[] {
  const used = new Set<string>();
  const out: PlannedCustomer[] = [];
  const sizes: SizeKey[] = ["S", "M", "M", "M", "L", "L", "XL"];
  while (out.length < count) {
    const first = pick(rng, FIRST);
    const last = pick(rng, LAST);
    const name = `${first} ${last}`;
    if (used.has(name)) continue;
    used.add(name);
    const size = pick(rng, sizes);
    const [make, model] = pick(rng, VEHICLES[size]);
    const place = pick(
      rng,
      STREETS.filter((s) => s.fee >= 0),
    );
    const n = out.length + 1;
    const letters = "ABCDEFGHJKLMNPRSTVWXY";
    const year = 2012 + Math.floor(rng() * 13);
    const plateYear = String(year % 100).padStart(2, "0");
    out.push({
      name,
      email: `${first}.${last}.${n}@example.com`.toLowerCase(),
      phone: `07700 9${String(Math.floor(rng() * 100000)).padStart(5, "0")}`,
      createdAt: new Date(now.getTime() - (200 + Math.floor(rng() * 400)) * DAY_MS),
      marketingOptIn: chance(rng, 0.4),
      vehicle: {
        make,
        model,
        year,
        colour: pick(rng, COLOURS),
        registration: `${pick(rng, ["LB", "LC", "LD", "LF", "LG", "LK", "YP", "WR"])}${plateYear} ${pick(rng, [...letters])}${pick(rng, [...letters])}${pick(rng, [...letters])}`,
        size,
      },
      address: {
        line1: `${1 + Math.floor(rng() * 180)} ${place.street}`,
        town: "London",
        postcode: place.postcode,
        accessNotes: chance(rng, 0.3) ? "Residents' parking; permit left on the dashboard." : null,
        hasWater: chance(rng, 0.8),
      },
    });
  }
  return out;
}

/** Keeps each team's booked intervals; answers whether a new one fits without overlap. */
class TeamDiary {
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

const serviceBySlug = (slug: string): DemoService => {
  const s = DEMO_SERVICES.find((x) => x.slug === slug);
  if (!s) throw new Error(`no demo service ${slug}`);
  return s;
};
// Popularity of the packages (the full valet sells most); add-ons join some jobs.
const PACKAGE_WEIGHTS: [string, number][] = [
  ["exterior-wash", 14],
  ["wash-and-vac", 18],
  ["mini-valet", 16],
  ["full-valet", 22],
  ["interior-deep-clean", 8],
  ["enhancement-detail", 6],
  ["paint-sealant", 8],
  ["ceramic-coating", 3],
];
const ADDONS = ["pet-hair-removal", "engine-bay-clean", "leather-care", "headlight-restoration"];

function weighted(rng: Rng): string {
  const total = PACKAGE_WEIGHTS.reduce((s, [, w]) => s + w, 0);
  let r = rng() * total;
  for (const [slug, w] of PACKAGE_WEIGHTS) {
    r -= w;
    if (r < 0) return slug;
  }
  return "full-valet";
}

function itemsFor(rng: Rng, size: SizeKey, travelFee: number): PlannedItem[] | null {
  const pkg = serviceBySlug(weighted(rng));
  const cell = pkg.matrix[size];
  if (!cell) return null;
  const items: PlannedItem[] = [
    { slug: pkg.slug, kind: "package", name: pkg.name, priceMinor: cell[0], minutes: cell[1] },
  ];
  if (chance(rng, 0.3)) {
    const addon = serviceBySlug(pick(rng, ADDONS));
    const allowed = !addon.addonFor || addon.addonFor.includes(pkg.category);
    const a = addon.matrix[size];
    if (allowed && a)
      items.push({ slug: addon.slug, kind: "addon", name: addon.name, priceMinor: a[0], minutes: a[1] });
  }
  if (travelFee > 0)
    items.push({ slug: "", kind: "travel_fee", name: "Travel fee", priceMinor: travelFee, minutes: 0 });
  return items;
}

/**
 * Plans the history. `busy` is time already booked (the demo customer's own bookings) that no planned job
 * may overlap; `firstCustomer` is the index the planned customers start at in the writer's list.
 */
export function planDemoHistory(input: {
  seed: number;
  now: Date;
  policy: DemoPolicy;
  teams: number;
  customers: number;
  busy?: readonly BusyInterval[];
}): DemoHistoryPlan {
  const rng = prng(input.seed);
  const { now, policy } = input;
  const tz = policy.timeZone;
  const customers = planCustomers(rng, input.customers, now);
  const diary = new TeamDiary(input.busy ?? []);
  const refs = new Set<string>();
  const bookings: PlannedBooking[] = [];
  const today = localDateOf(now, tz);
  const feeOf = (c: PlannedCustomer) => STREETS.find((s) => s.postcode === c.address.postcode)?.fee ?? 0;
  // Loyal customers come back: a fifth of them make half of the bookings.
  const customerFor = () =>
    chance(rng, 0.5)
      ? Math.floor(rng() * Math.ceil(customers.length / 5))
      : Math.floor(rng() * customers.length);

  for (let offset = -182; offset <= 14; offset++) {
    const date = addDays(today, offset);
    const intervals = workingIntervals(date);
    if (!intervals.length) continue;
    for (let team = 0; team < input.teams; team++) {
      // Busier lately and in the next two days (the demo shows a working day); thinner further out.
      const jobs =
        offset >= 0 && offset <= 1
          ? 3
          : offset > 1
            ? chance(rng, 0.7)
              ? 1 + Math.floor(rng() * 2)
              : 0
            : 1 + Math.floor(rng() * 2.4);
      let placed = 0;
      for (const [from, to] of intervals) {
        let cursor = from + (chance(rng, 0.5) ? 0 : 30);
        while (placed < jobs && cursor < to) {
          const customer = customerFor();
          const c = customers[customer] as PlannedCustomer;
          const items = itemsFor(rng, c.vehicle.size, feeOf(c));
          if (!items) continue;
          const minutes = items.reduce((s, i) => s + i.minutes, 0);
          if (cursor + minutes > to) break;
          const startsAt = localToInstant(date, cursor, tz) as Date;
          const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
          if (diary.fits(team, startsAt, endsAt)) {
            diary.add(team, startsAt, endsAt);
            bookings.push(
              planBooking(rng, {
                reference: reference(rng, refs),
                customer,
                team,
                items,
                startsAt,
                endsAt,
                now,
                policy,
              }),
            );
            placed++;
          }
          cursor += minutes + 30 + 30 * Math.floor(rng() * 3);
        }
      }
    }
  }
  addReschedules(rng, bookings, diary, input.teams, now, policy);
  addPendingPayment(bookings, now);
  addRequestsToApprove(bookings, now);
  bookings.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return { customers, bookings };
}

function planBooking(
  rng: Rng,
  b: {
    reference: string;
    customer: number;
    team: number;
    items: PlannedItem[];
    startsAt: Date;
    endsAt: Date;
    now: Date;
    policy: DemoPolicy;
  },
): PlannedBooking {
  const { now, policy, startsAt, endsAt } = b;
  const totalMinor = b.items.reduce((s, i) => s + i.priceMinor, 0);
  const source: "online" | "admin" = chance(rng, 0.2) ? "admin" : "online";
  // Booked 1–21 days ahead, never in the future.
  const leadDays = 1 + Math.floor(rng() * 21);
  const createdAt = new Date(Math.min(now.getTime() - H, startsAt.getTime() - leadDays * DAY_MS - 3 * H));
  const depositDueMinor = source === "online" ? percentOfCeil(totalMinor, policy.depositPercent) : 0;
  const booking: PlannedBooking = {
    reference: b.reference,
    customer: b.customer,
    team: b.team,
    startsAt,
    endsAt,
    status: "confirmed",
    source,
    items: b.items,
    totalMinor,
    depositDueMinor,
    adjustmentMinor: 0,
    feeMinor: null,
    amountPaidMinor: 0,
    amountRefundedMinor: 0,
    createdAt,
    confirmedAt: createdAt,
    completedAt: null,
    cancelledAt: null,
    cancelledByCustomer: false,
    cancellationReason: null,
    holdExpiresAt: null,
    customerNotes: chance(rng, 0.3) ? pick(rng, CUSTOMER_NOTES) : null,
    jobNotes: null,
    payments: [],
    refunds: [],
    adjustments: [],
    history: [],
  };
  const pay = (p: PlannedPayment) => {
    booking.payments.push(p);
    booking.amountPaidMinor += p.amountMinor;
  };
  // The online deposit is taken as the booking is made (through the test provider).
  if (depositDueMinor > 0)
    pay({ kind: "deposit", provider: "test", method: "online", amountMinor: depositDueMinor, at: createdAt });

  const past = endsAt <= now;
  const started = startsAt <= now;
  const roll = rng();
  if (roll < 0.11 && startsAt.getTime() - createdAt.getTime() > 2 * DAY_MS) {
    // Cancelled by the customer (or by the business at their request) before the day.
    const cancelledAt = new Date(
      createdAt.getTime() +
        rng() * Math.min(startsAt.getTime() - createdAt.getTime() - H, now.getTime() - createdAt.getTime()),
    );
    cancel(booking, cancelledAt, policy, rng);
    return booking;
  }
  if (past && source === "online" && roll >= 0.11 && roll < 0.125) {
    // A checkout that was never paid: its hold lapsed and the time went back (nothing taken, no fee).
    booking.payments = [];
    booking.amountPaidMinor = 0;
    booking.confirmedAt = null;
    booking.status = "expired";
    booking.feeMinor = 0;
    booking.history.push({
      from: "pending_payment",
      to: "expired",
      at: new Date(createdAt.getTime() + H),
      byAdmin: false,
    });
    return booking;
  }
  if (past && roll >= 0.125 && roll < 0.14) {
    // A request the business could not take: declined before anything was paid.
    booking.payments = [];
    booking.amountPaidMinor = 0;
    booking.confirmedAt = null;
    booking.status = "declined";
    booking.feeMinor = 0;
    booking.history.push({
      from: "awaiting_approval",
      to: "declined",
      at: new Date(createdAt.getTime() + 3 * H),
      byAdmin: true,
    });
    return booking;
  }
  if (!started) return booking;
  if (!past) {
    booking.status = "in_progress";
    booking.history.push({ from: "confirmed", to: "in_progress", at: startsAt, byAdmin: true });
    return booking;
  }
  if (roll > 0.965) {
    // Missed: the no-show fee (a share of what the standing booking charged) is kept; money above it goes back.
    const fee = closingFee(moneyOf(booking), "no_show", { noShowFeePercent: policy.noShowFeePercent });
    booking.status = "no_show";
    booking.feeMinor = fee;
    booking.history.push({
      from: "confirmed",
      to: "no_show",
      at: new Date(startsAt.getTime() + H),
      byAdmin: true,
    });
    const over = booking.amountPaidMinor - booking.feeMinor;
    if (over > 0)
      refund(booking, 0, over, "cancellation", "Deposit above the missed-appointment fee.", endsAt);
    return booking;
  }
  booking.status = "completed";
  booking.completedAt = new Date(endsAt.getTime() + Math.floor(rng() * 20) * 60_000);
  booking.history.push({ from: "confirmed", to: "completed", at: booking.completedAt, byAdmin: true });
  booking.jobNotes = chance(rng, 0.5) ? pick(rng, JOB_NOTES) : null;
  if (chance(rng, 0.06)) {
    // A regular's discount, given on the day before the balance was taken.
    const amount = Math.min(1000, bookingMoney(moneyOf(booking)).chargeMinor);
    booking.adjustments.push({
      kind: "discount",
      amountMinor: amount,
      reason: "Loyal customer discount.",
      at: startsAt,
    });
    booking.adjustmentMinor += amount;
  }
  const due = bookingMoney(moneyOf(booking)).dueMinor;
  // A few balances are still owed (the customers and reports screens show them).
  const unpaid = endsAt.getTime() > now.getTime() - 10 * DAY_MS && chance(rng, 0.25);
  if (due > 0 && !unpaid) {
    const method: PaymentMethod = pick(rng, ["card", "card", "cash", "bank_transfer", "online"]);
    pay({
      kind: booking.payments.length ? "balance" : "full",
      provider: method === "online" ? "test" : "manual",
      method,
      amountMinor: due,
      at: booking.completedAt,
    });
  }
  if (!unpaid && chance(rng, 0.03)) {
    // Goodwill: part of the price given back after a complaint (the charge falls by as much).
    const amount = Math.min(1500, bookingMoney(moneyOf(booking)).netPaidMinor);
    const at = new Date(booking.completedAt.getTime() + 2 * DAY_MS);
    if (amount > 0 && at < now)
      refund(
        booking,
        booking.payments.length - 1,
        amount,
        "goodwill",
        "Missed a patch on the tailgate — sorry.",
        at,
      );
  }
  return booking;
}

function cancel(booking: PlannedBooking, at: Date, policy: DemoPolicy, rng: Rng) {
  const net = booking.amountPaidMinor - booking.amountRefundedMinor;
  const decision = policyRefund({
    totalMinor: booking.totalMinor,
    netPaidMinor: net,
    startsAt: booking.startsAt,
    now: at,
    freeCancellationHours: policy.freeCancellationHours,
    lateCancellationFeePercent: policy.lateCancellationFeePercent,
  });
  const before = moneyOf(booking);
  booking.status = "cancelled";
  booking.cancelledAt = at;
  booking.cancelledByCustomer = true;
  booking.cancellationReason = pick(rng, CANCEL_REASONS);
  booking.history.push({ from: "confirmed", to: "cancelled", at, byAdmin: false });
  // The fee is read from the booking as it stood, before it closed (closingFee's contract).
  booking.feeMinor = closingFee(before, "cancelled", {
    refundMinor: decision.refundMinor,
    noShowFeePercent: policy.noShowFeePercent,
  });
  if (decision.refundMinor > 0)
    refund(
      booking,
      0,
      decision.refundMinor,
      "cancellation",
      "Cancelled: refund under the cancellation policy.",
      at,
    );
}

function refund(
  booking: PlannedBooking,
  payment: number,
  amountMinor: number,
  reasonKind: PlannedRefund["reasonKind"],
  reason: string,
  at: Date,
) {
  const next = afterRefund(moneyOf(booking), reasonKind, amountMinor);
  booking.refunds.push({ payment, amountMinor, reasonKind, reason, at });
  if (reasonKind === "goodwill" && next.adjustmentMinor > booking.adjustmentMinor)
    booking.adjustments.push({
      kind: "goodwill",
      amountMinor,
      reason,
      at,
      refund: booking.refunds.length - 1,
    });
  booking.amountRefundedMinor = next.amountRefundedMinor;
  booking.adjustmentMinor = next.adjustmentMinor;
  booking.feeMinor = next.feeMinor;
}

/** Two booking requests waiting for the admin's answer (nothing is taken until it is accepted). */
function addRequestsToApprove(bookings: PlannedBooking[], now: Date) {
  const candidates = bookings.filter(
    (x) => x.status === "confirmed" && !x.reschedule && x.startsAt.getTime() - now.getTime() > 2 * DAY_MS,
  );
  for (const b of candidates.slice(-2)) {
    b.status = "awaiting_approval";
    b.payments = [];
    b.amountPaidMinor = 0;
    b.confirmedAt = null;
    b.createdAt = new Date(now.getTime() - 5 * H);
  }
}

/** One checkout in progress: made a few minutes ago, its time held until the hold lapses. */
function addPendingPayment(bookings: PlannedBooking[], now: Date) {
  const b = bookings.find(
    (x) =>
      x.status === "confirmed" &&
      x.source === "online" &&
      !x.reschedule &&
      x.startsAt.getTime() - now.getTime() > 4 * DAY_MS,
  );
  if (!b) return;
  b.status = "pending_payment";
  b.payments = [];
  b.amountPaidMinor = 0;
  b.confirmedAt = null;
  b.createdAt = new Date(now.getTime() - 5 * 60_000);
  b.holdExpiresAt = new Date(now.getTime() + 25 * 60_000);
}

export const moneyOf = (b: PlannedBooking) => ({
  status: b.status,
  totalMinor: b.totalMinor,
  adjustmentMinor: b.adjustmentMinor,
  feeMinor: b.feeMinor,
  amountPaidMinor: b.amountPaidMinor,
  amountRefundedMinor: b.amountRefundedMinor,
});

/**
 * Reschedule requests: two open ones on upcoming jobs (each holding its asked-for time), and decided
 * ones in the past — approved (the job already stands at the new time) and declined.
 */
function addReschedules(
  rng: Rng,
  bookings: PlannedBooking[],
  diary: TeamDiary,
  teams: number,
  now: Date,
  policy: DemoPolicy,
) {
  const upcoming = bookings.filter(
    (b) => b.status === "confirmed" && b.startsAt.getTime() - now.getTime() > 3 * DAY_MS,
  );
  let open = 0;
  for (const b of upcoming) {
    if (open >= 2) break;
    const minutes = (b.endsAt.getTime() - b.startsAt.getTime()) / 60_000;
    const date = addDays(localDateOf(b.startsAt, policy.timeZone), 1);
    const [first] = workingIntervals(date);
    if (!first) continue;
    const start = localToInstant(date, first[0], policy.timeZone) as Date;
    const end = new Date(start.getTime() + minutes * 60_000);
    const team = (b.team + 1) % teams;
    if (first[0] + minutes > first[1] || !diary.fits(team, start, end)) continue;
    diary.add(team, start, end);
    const createdAt = new Date(now.getTime() - (2 + open * 5) * H);
    b.reschedule = {
      status: "pending",
      startsAt: start,
      endsAt: end,
      team,
      reason: open ? "Working from the office that day." : "Could you come the day after instead?",
      adminResponse: null,
      createdAt,
      decidedAt: null,
      expiresAt: new Date(createdAt.getTime() + policy.rescheduleRequestExpiryHours * H),
    };
    open++;
  }
  const done = bookings.filter(
    (b) => b.status === "completed" && b.createdAt.getTime() < b.startsAt.getTime() - 4 * DAY_MS,
  );
  for (let i = 0; i < 6 && done.length; i++) {
    const b = done.splice(Math.floor(rng() * done.length), 1)[0] as PlannedBooking;
    const approved = i % 2 === 0;
    const createdAt = new Date(b.startsAt.getTime() - 3 * DAY_MS);
    const decidedAt = new Date(createdAt.getTime() + 4 * H);
    b.reschedule = {
      status: approved ? "approved" : "declined",
      // Approved: the job moved to the time it now has. Declined: it asked for an hour later that day.
      startsAt: approved ? b.startsAt : new Date(b.startsAt.getTime() + H),
      endsAt: approved ? b.endsAt : new Date(b.endsAt.getTime() + H),
      team: b.team,
      reason: approved ? "Can we make it a little later?" : "Could you come an hour later?",
      adminResponse: approved ? null : "Sorry, the van is fully booked then — your original time stands.",
      createdAt,
      decidedAt,
      expiresAt: new Date(createdAt.getTime() + policy.rescheduleRequestExpiryHours * H),
    };
  }
}
