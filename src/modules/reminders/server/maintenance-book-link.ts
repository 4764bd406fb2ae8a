import "server-only";
import { eq } from "drizzle-orm";
import { bookHref } from "@/lib/booking/book-link";
import { bookingChoices, findBooking } from "@/modules/bookings/server";
import type { DbOrTx } from "@/server/db";
import { services } from "@/server/db/schema";

/**
 * "Book it again" for a maintenance reminder: the wizard with the job's vehicle and address and the
 * service that is due — a package on its own, or an add-on with the package the job had.
 */
export async function maintenanceBookHref(
  db: DbOrTx,
  bookingId: string,
  serviceId: string,
  /** Which of the visit's vehicles the service was for (0: the booking's own). */
  position = 0,
): Promise<string | null> {
  const b = await findBooking(db, bookingId);
  const [service] = await db
    .select({ slug: services.slug, kind: services.kind })
    .from(services)
    .where(eq(services.id, serviceId));
  if (!b || !service) return null;
  const choices = await bookingChoices(db, b, { position });
  return bookHref(
    service.kind === "package"
      ? { ...choices, service: service.slug, addons: undefined }
      : { ...choices, addons: [service.slug] },
  );
}
