// Six months of the demo business's life (issue 27 item 15), planned in memory from a seed number and
// "now": customers, jobs on the teams' working hours, their money, cancellations, no-shows and reschedule
// requests. Pure: no I/O, no clock, no Math.random — the same seed and the same now give the same plan.
// The money of every booking is derived with the product's one definition (bookingMoney, closingFee,
// afterRefund, policyRefund), and demo-history.integration.test.ts proves the written rows consistent
// with the SQL money functions. demo-history-write.ts writes the plan in bulk.
import { addDays, localDateOf, localToInstant } from "@/lib/dates";
import { REFERENCE_ALPHABET } from "@/lib/reference";
import { COLOURS, FIRST, LAST, STREETS, VEHICLES } from "./demo-people";
import { DEMO_SERVICES, type DemoService } from "./demo-data";
import {
  type BusyInterval,
  chance,
  DAY_MS,
  type DemoHistoryPlan,
  type DemoPolicy,
  pick,
  type PlannedBooking,
  type PlannedCustomer,
  type PlannedItem,
  prng,
  type Rng,
  type SizeKey,
  TeamDiary,
  workingIntervals,
} from "./demo-history-kit";
import { addPendingPayment, addRequestsToApprove, addReschedules, planBooking } from "./demo-history-jobs";

export { DEFAULT_DEMO_SEED, type DemoHistoryPlan, prng } from "./demo-history-kit";
export { moneyOf } from "./demo-history-jobs";

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
