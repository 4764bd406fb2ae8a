import "server-only";
import { addDays, isoWeekday, localDateOf, localToInstant } from "@/lib/dates";
import { percentOfCeil } from "@/lib/money";
import type { Tx } from "@/server/db";
import type { insertAddress, insertSettings, insertVehicle } from "@/testing/factories";
import { insertBooking } from "@/testing/factories";
import { markWeatherDay } from "@/modules/reschedule/server";
import { weatherDayInput } from "@/modules/reschedule/weather-schemas";
import { generateReference } from "@/lib/reference";
import { prng } from "./demo-history";
import { DEMO_SERVICES } from "./demo-data";

// The demo customer's own bookings (two finished jobs, a free cancellation and two to come) and the
// demo weather day, for seedDemoBusiness.

type Settings = Awaited<ReturnType<typeof insertSettings>>;
type SeededVehicle = Awaited<ReturnType<typeof insertVehicle>> & { sizeName: string };
type SeededAddress = Awaited<ReturnType<typeof insertAddress>>;

/** The demo customer's own bookings: two finished jobs, a free cancellation and two to come. */
export async function seedDemoCustomerBookings(
  tx: Tx,
  c: {
    settings: Settings;
    now: Date;
    seed: number;
    teams: [string, string];
    services: Map<string, { id: string; name: string }>;
    customer: { id: string };
    vehicle: SeededVehicle;
    address: SeededAddress;
  },
) {
  const { settings, now } = c;
  const [vanA, vanB] = [{ id: c.teams[0] }, { id: c.teams[1] }];
  const { base, item, at, weekdayFrom, reference } = demoCustomerKit(c);

  const demoBookings = [];
  const completedItems = [item("full-valet", "package")];
  demoBookings.push(
    await insertBooking(tx, {
      ...base,
      reference: reference(),
      teamId: vanA.id,
      startsAt: at(weekdayFrom(-21), 13 * 60),
      status: "completed",
      items: completedItems,
      paidMinor: 9500,
      completedAt: at(weekdayFrom(-21), 16 * 60 + 15),
      createdAt: at(weekdayFrom(-25), 9 * 60),
      jobNotes: "Interior shampooed; a small stone chip on the bonnet, shown to the owner.",
      history: [
        {
          type: "status_changed",
          fromValue: "confirmed",
          toValue: "in_progress",
          at: at(weekdayFrom(-21), 13 * 60),
        },
        {
          type: "status_changed",
          fromValue: "in_progress",
          toValue: "completed",
          at: at(weekdayFrom(-21), 16 * 60 + 15),
        },
      ],
    }),
  );

  // Seven months ago, a paint sealant (six-month interval): its top-up is due, shown on the vehicle.
  demoBookings.push(
    await insertBooking(tx, {
      ...base,
      reference: reference(),
      teamId: vanA.id,
      startsAt: at(weekdayFrom(-213), 10 * 60),
      status: "completed",
      items: [item("paint-sealant", "package")],
      paidMinor: 10500,
      completedAt: at(weekdayFrom(-213), 12 * 60 + 30),
      createdAt: at(weekdayFrom(-220), 9 * 60),
      jobNotes: "Sealant applied to paint and wheels.",
      history: [
        {
          type: "status_changed",
          fromValue: "confirmed",
          toValue: "in_progress",
          at: at(weekdayFrom(-213), 10 * 60),
        },
        {
          type: "status_changed",
          fromValue: "in_progress",
          toValue: "completed",
          at: at(weekdayFrom(-213), 12 * 60 + 30),
        },
      ],
    }),
  );

  demoBookings.push(
    await insertBooking(tx, {
      ...base,
      reference: reference(),
      teamId: vanB.id,
      startsAt: at(weekdayFrom(-9), 14 * 60),
      status: "cancelled",
      items: [item("wash-and-vac", "package")],
      createdAt: at(weekdayFrom(-16), 20 * 60),
      cancelledAt: at(weekdayFrom(-11), 18 * 60),
      cancellationReason: "Plans changed — cancelled within the free cancellation window.",
      // Free: inside the free window and nothing paid, so the closing kept no fee.
      feeMinor: 0,
      cancelledBy: c.customer.id,
    }),
  );

  const upcomingItems = [item("mini-valet", "package"), item("pet-hair-removal", "addon")];
  const upcomingTotal = upcomingItems.reduce((s, i) => s + i.priceMinor, 0);
  demoBookings.push(
    await insertBooking(tx, {
      ...base,
      reference: reference(),
      teamId: vanA.id,
      startsAt: at(weekdayFrom(3), 9 * 60),
      status: "confirmed",
      items: upcomingItems,
      depositDueMinor: percentOfCeil(upcomingTotal, settings.depositPercent),
      paidMinor: percentOfCeil(upcomingTotal, settings.depositPercent),
      customerNotes: "Please text when you're 10 minutes away.",
      createdAt: new Date(now.getTime() - 4 * 86_400_000),
    }),
  );

  demoBookings.push(
    await insertBooking(tx, {
      ...base,
      reference: reference(),
      teamId: vanB.id,
      startsAt: at(weekdayFrom(10), 13 * 60),
      status: "confirmed",
      source: "admin",
      createdAt: new Date(now.getTime() - 2 * 86_400_000),
      // Booked by phone with payment on the day: nothing due online.
      items: [item("full-valet", "package"), item("leather-care", "addon")],
    }),
  );
  return demoBookings;
}

type DemoCustomer = Parameters<typeof seedDemoCustomerBookings>[1];

/** What the demo customer's bookings are made of: her snapshots, a priced line, a local time. */
function demoCustomerKit(c: DemoCustomer) {
  const { settings, now, seed, services, customer, vehicle, address } = c;
  const tz = settings.timeZone;
  const vehicleSnapshot = {
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    colour: vehicle.colour,
    registration: vehicle.registration,
    sizeName: vehicle.sizeName,
  };
  const addressSnapshot = {
    label: address.label,
    line1: address.line1,
    line2: address.line2,
    town: address.town,
    postcode: address.postcode,
    accessNotes: address.accessNotes,
    hasWater: address.hasWater,
    hasPower: address.hasPower,
    hasCoveredSpace: address.hasCoveredSpace,
  };
  const item = (slug: string, kind: "package" | "addon") => {
    const svc = DEMO_SERVICES.find((s) => s.slug === slug);
    const cell = svc?.matrix.M;
    if (!svc || !cell) throw new Error(`demo service ${slug} has no medium price`);
    return {
      kind,
      name: svc.name,
      priceMinor: cell[0],
      minutes: cell[1],
      serviceId: services.get(slug)?.id ?? null,
    };
  };
  const at = (date: string, minutes: number) => localToInstant(date, minutes, tz) as Date;
  const weekdayFrom = (offset: number) => {
    let d = addDays(localDateOf(now, tz), offset);
    while (isoWeekday(d) > 5) d = addDays(d, offset >= 0 ? 1 : -1);
    return d;
  };
  // The demo customer's references come from the seed number too, so the whole business is reproducible.
  const refRng = prng(seed ^ 0x5eed);
  const reference = () =>
    generateReference((n) => Uint8Array.from({ length: n }, () => Math.floor(refRng() * 256)));
  const base = {
    customerId: customer.id,
    vehicleId: vehicle.id,
    addressId: address.id,
    vehicleSnapshot,
    addressSnapshot,
  };

  return { base, item, at, weekdayFrom, reference };
}

/**
 * The weather day: rain forecast for the next working day after tomorrow, marked through the product's
 * own use case, so its jobs get real offers (held times) and the admin's status list fills in.
 */
export async function markDemoWeatherDay(tx: Tx, adminId: string, now: Date, tz: string): Promise<void> {
  let date = addDays(localDateOf(now, tz), 2);
  while (isoWeekday(date) > 5) date = addDays(date, 1);
  await markWeatherDay(
    tx,
    { id: adminId, ip: null },
    weatherDayInput.parse({
      date,
      from: "13:00",
      to: "18:00",
      message: "Heavy rain is forecast all afternoon.",
    }),
    { now },
  );
}
