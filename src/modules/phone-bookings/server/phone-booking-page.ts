import "server-only";
import { addDays, localDateOf } from "@/lib/dates";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type DbOrTx, getDb } from "@/server/db";
import { addonOptions, bookablePackages, sizeOptions } from "@/modules/pricing/domain/booking-choices";
import { loadBookingCatalogue } from "@/modules/bookings/server";
import { listActiveTeams } from "@/modules/booking-moves/server";

// What /admin/bookings/new offers: the bookable catalogue, the teams and the business's zone.

export type PhoneBookingPage = {
  packages: { slug: string; name: string; categoryName: string }[];
  sizes: { id: string; name: string }[];
  /** Per package slug: the sizes it is offered for, and per size the add-ons it may take. */
  offers: Record<string, { sizeIds: string[]; addons: Record<string, { slug: string; name: string }[]> }>;
  teams: { id: string; name: string }[];
  timeZone: string;
  /** The picker's first day: tomorrow in the business zone. */
  firstDate: string;
  holdMinutes: number;
  /** The business's limit of vehicles in one visit (ADR 0050). */
  maxVehicles: number;
};

/** What /admin/bookings/new offers: the bookable catalogue, the teams and the business's zone. */
export async function getPhoneBookingPage(db: DbOrTx, now = new Date()): Promise<PhoneBookingPage> {
  const [settings, catalogue, teamRows] = await Promise.all([
    getSettingsOrThrow(db),
    loadBookingCatalogue(db),
    listActiveTeams(db),
  ]);
  const offers: PhoneBookingPage["offers"] = {};
  const packages = bookablePackages(catalogue).flatMap((g) =>
    g.services.map((s) => ({ slug: s.slug, name: s.name, categoryName: g.categoryName, service: s })),
  );
  for (const { service } of packages) {
    const sizeIds = sizeOptions(catalogue, service.id)
      .filter((o) => o.cell)
      .map((o) => o.size.id);
    const addons: Record<string, { slug: string; name: string }[]> = {};
    for (const sizeId of sizeIds)
      addons[sizeId] = addonOptions(catalogue, service, sizeId).map((o) => ({
        slug: o.addon.slug,
        name: o.addon.name,
      }));
    offers[service.slug] = { sizeIds, addons };
  }
  return {
    packages: packages.map(({ slug, name, categoryName }) => ({ slug, name, categoryName })),
    sizes: catalogue.sizes.map((z) => ({ id: z.id, name: z.name })),
    offers,
    teams: teamRows,
    timeZone: settings.timeZone,
    firstDate: addDays(localDateOf(now, settings.timeZone), 1),
    holdMinutes: settings.holdMinutes,
    maxVehicles: settings.maxVehiclesPerBooking,
  };
}

export async function loadPhoneBookingPage(): Promise<PhoneBookingPage> {
  return getPhoneBookingPage(await getDb());
}
