import "server-only";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { formatDuration } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { amountDueNow } from "@/modules/pricing/domain/quote";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type Actor } from "@/server/audit";
import { type DbOrTx } from "@/server/db";
import { AppError } from "@/server/errors";
import type { PhoneJobInput } from "../admin-phone-schemas";
import { resolveChoices } from "@/modules/bookings/domain/booking-choices";
import { findOwnedAddress, loadBookingCatalogue } from "@/modules/bookings/server";
import { type AdminSlotDay, getAdminSlotDay } from "@/modules/booking-moves/server";

// A phone booking's job priced exactly as the wizard prices it (resolveChoices → quote()), with a postcode
// outside every zone allowed without a travel fee, and the picker's day of times for it.

/** Outside every zone is not an error for the business: the job is priced without travel and flagged. */
export function choicesFor(
  catalogue: Awaited<ReturnType<typeof loadBookingCatalogue>>,
  input: { service: string; size: string | null; addons: readonly string[]; postcode: string | null },
) {
  const choices = resolveChoices(catalogue, {
    service: input.service,
    sizeId: input.size,
    addons: input.addons,
    postcode: input.postcode,
  });
  const outsideArea = Boolean(choices.postcode && !choices.zone);
  const errors = { ...choices.errors };
  if (outsideArea) delete errors.postcode;
  return { choices, errors, outsideArea };
}

export type PhoneQuote = {
  lines: { name: string; price: string }[];
  total: string;
  totalMinor: number;
  minutes: number;
  duration: string;
  dueNowOnline: string;
  zoneName: string | null;
  /** The postcode is outside every zone: allowed, without a travel fee. */
  outsideArea: boolean;
  postcode: string | null;
  errors: Partial<Record<"service" | "size" | "addons" | "postcode", string>>;
};

async function resolveJob(db: DbOrTx, input: PhoneJobInput) {
  const [settings, catalogue, address] = await Promise.all([
    getSettingsOrThrow(db),
    loadBookingCatalogue(db),
    input.customerId && input.savedAddressId
      ? findOwnedAddress(db, input.customerId, input.savedAddressId)
      : null,
  ]);
  const resolved = choicesFor(catalogue, {
    service: input.service,
    size: input.size ?? null,
    addons: input.addons,
    postcode: address?.postcode ?? input.postcode ?? null,
  });
  return { settings, ...resolved };
}

/** The price and length of a phone booking's job, as the wizard computes them. */
export async function quotePhoneJob(db: DbOrTx, actor: Actor, input: PhoneJobInput): Promise<PhoneQuote> {
  await assertAdminActor(db, actor);
  const { settings, choices, errors, outsideArea } = await resolveJob(db, input);
  const q = choices.quote;
  const money = (minor: number) => formatMoney(minor, settings.currency);
  return {
    lines: q?.lines.map((l) => ({ name: l.name, price: money(l.priceMinor) })) ?? [],
    total: money(q?.totalMinor ?? 0),
    totalMinor: q?.totalMinor ?? 0,
    minutes: q?.totalMinutes ?? 0,
    duration: q ? formatDuration(q.totalMinutes) : "",
    dueNowOnline: money(
      q ? amountDueNow(q.totalMinor, settings.paymentMode, settings.depositPercent) || q.totalMinor : 0,
    ),
    zoneName: choices.zone?.name ?? null,
    outsideArea,
    postcode: choices.postcode,
    errors,
  };
}

/** The picker's day for a phone booking's job (nothing while the job is incomplete). */
export async function getPhoneJobSlotDay(
  db: DbOrTx,
  actor: Actor,
  input: PhoneJobInput & { date: string },
  { now = new Date() }: { now?: Date } = {},
): Promise<AdminSlotDay> {
  await assertAdminActor(db, actor);
  const { choices } = await resolveJob(db, input);
  if (!choices.quote)
    throw new AppError(
      "VALIDATION",
      "Choose the service and the vehicle's size first: the times depend on them.",
    );
  return getAdminSlotDay(db, {
    date: input.date,
    durationMinutes: choices.quote.totalMinutes,
    zoneBufferMinutes: choices.quote.travelBufferMinutes,
    now,
  });
}
