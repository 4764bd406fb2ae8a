import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { formatCalendarDate, formatLongDate, localDateOf } from "@/lib/dates";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type DbOrTx, getDb } from "@/server/db";
import { bookingItems, bookings, bookingVehicles, services, teams, vehicles } from "@/server/db/schema";
import { type MaintenanceDue, maintenanceDue } from "@/modules/reminders/domain/maintenance";
import { maintenanceBookHref } from "@/modules/reminders/server";

// A vehicle's service history (issue 17): the completed jobs it had — when, what, the notes written on
// completion and which team did it — and, for services with a maintenance interval, when each is next due.
// The customer reads it on their vehicles page, the admin on the customer's profile.

export type VehicleHistoryEntry = {
  bookingId: string;
  reference: string;
  /** "Monday 12 October 2026" in the business zone. */
  date: string;
  services: string[];
  jobNotes: string | null;
  teamName: string | null;
};

export type VehicleDue = MaintenanceDue & {
  /** "12 May 2027" */
  dueLabel: string;
  /** The wizard with this vehicle, its address and the service chosen; null when it can't be rebuilt. */
  bookHref: string | null;
};

export type VehicleHistory = { entries: VehicleHistoryEntry[]; due: VehicleDue[] };

/**
 * The history of the given vehicles of one customer, newest job first; a vehicle without completed jobs
 * has an empty history. Only that customer's bookings count: a vehicle id of someone else's shows nothing.
 */
export async function vehicleServiceHistory(
  db: DbOrTx,
  customerId: string,
  vehicleIds: readonly string[],
  { now = new Date() }: { now?: Date } = {},
): Promise<Map<string, VehicleHistory>> {
  const result = new Map<string, VehicleHistory>(vehicleIds.map((id) => [id, { entries: [], due: [] }]));
  if (vehicleIds.length === 0) return result;
  const settings = await getSettingsOrThrow(db);
  const tz = settings.timeZone;
  const completed = eq(bookings.status, "completed");
  const jobColumns = {
    id: bookings.id,
    reference: bookings.reference,
    startsAt: bookings.startsAt,
    jobNotes: bookings.jobNotes,
    teamName: teams.name,
  };
  // A vehicle's jobs are the visits it was in (ADR 0050): as the booking's own vehicle (position 0) or
  // as one of its further vehicles (booking_vehicles). The customer's own vehicles only, in either case.
  const [asFirst, asMore] = await Promise.all([
    db
      .select({ ...jobColumns, vehicleId: bookings.vehicleId, position: sql<number>`0`.mapWith(Number) })
      .from(bookings)
      .innerJoin(vehicles, and(eq(vehicles.id, bookings.vehicleId), eq(vehicles.ownerId, customerId)))
      .leftJoin(teams, eq(teams.id, bookings.teamId))
      .where(
        and(eq(bookings.customerId, customerId), inArray(bookings.vehicleId, [...vehicleIds]), completed),
      ),
    db
      .select({ ...jobColumns, vehicleId: bookingVehicles.vehicleId, position: bookingVehicles.position })
      .from(bookingVehicles)
      .innerJoin(bookings, eq(bookings.id, bookingVehicles.bookingId))
      .innerJoin(vehicles, and(eq(vehicles.id, bookingVehicles.vehicleId), eq(vehicles.ownerId, customerId)))
      .leftJoin(teams, eq(teams.id, bookings.teamId))
      .where(
        and(
          eq(bookings.customerId, customerId),
          inArray(bookingVehicles.vehicleId, [...vehicleIds]),
          completed,
        ),
      ),
  ]);
  const jobs = [...asFirst, ...asMore].sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime());
  if (jobs.length === 0) return result;
  const jobIds = [...new Set(jobs.map((j) => j.id))];
  const [items, visits] = await Promise.all([
    db
      .select({
        bookingId: bookingItems.bookingId,
        name: bookingItems.name,
        vehiclePosition: bookingItems.vehiclePosition,
        serviceId: bookingItems.serviceId,
        intervalMonths: services.maintenanceIntervalMonths,
        serviceName: services.name,
      })
      .from(bookingItems)
      .leftJoin(services, eq(services.id, bookingItems.serviceId))
      .where(inArray(bookingItems.bookingId, jobIds))
      .orderBy(asc(bookingItems.bookingId), asc(bookingItems.position)),
    db
      .selectDistinct({ bookingId: bookingVehicles.bookingId })
      .from(bookingVehicles)
      .where(inArray(bookingVehicles.bookingId, jobIds)),
  ]);
  const severalVehicles = new Set(visits.map((v) => v.bookingId));
  /** A job's lines for this vehicle: its own work, and the visit's lines (travel) when it was alone. */
  const linesOf = (job: { id: string; position: number }) =>
    items.filter(
      (i) =>
        i.bookingId === job.id &&
        (i.vehiclePosition === null ? !severalVehicles.has(job.id) : i.vehiclePosition === job.position),
    );
  const today = localDateOf(now, tz);
  for (const job of jobs) {
    const history = result.get(job.vehicleId as string);
    if (!history) continue;
    const own = linesOf(job);
    history.entries.push({
      bookingId: job.id,
      reference: job.reference,
      date: formatLongDate(job.startsAt, tz),
      services: own.map((i) => i.name),
      jobNotes: job.jobNotes,
      teamName: job.teamName,
    });
  }
  for (const [vehicleId, history] of result) {
    const done = jobs
      .filter((j) => j.vehicleId === vehicleId)
      .flatMap((j) =>
        linesOf(j)
          .filter((i) => i.serviceId && i.intervalMonths)
          .map((i) => ({
            bookingId: j.id,
            serviceId: i.serviceId as string,
            serviceName: i.serviceName ?? i.name,
            intervalMonths: i.intervalMonths as number,
            doneOn: localDateOf(j.startsAt, tz),
          })),
      );
    history.due = await Promise.all(
      maintenanceDue(done, today).map(async (d) => ({
        ...d,
        dueLabel: formatCalendarDate(d.dueOn),
        bookHref: await maintenanceBookHref(
          db,
          d.bookingId,
          d.serviceId,
          jobs.find((j) => j.id === d.bookingId && j.vehicleId === vehicleId)?.position ?? 0,
        ),
      })),
    );
  }
  return result;
}

export const loadVehicleServiceHistory = async (customerId: string, vehicleIds: readonly string[]) =>
  vehicleServiceHistory(await getDb(), customerId, vehicleIds);
