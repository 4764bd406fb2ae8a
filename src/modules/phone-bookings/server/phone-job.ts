import "server-only";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { formatDuration } from "@/lib/dates";
import { formatMoney, formatSignedMoney } from "@/lib/money";
import { amountDueNow } from "@/modules/pricing/domain/quote";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type Actor } from "@/server/audit";
import { type DbOrTx } from "@/server/db";
import { AppError } from "@/server/errors";
import type { PhoneJobInput } from "../admin-phone-schemas";
import { bundleRuleOf, quoteLineNameInVisit, resolveVisit } from "@/modules/pricing/domain/visit-choices";
import { findOwnedAddress, loadBookingCatalogue } from "@/modules/bookings/server";
import { type AdminSlotDay, getAdminSlotDay } from "@/modules/booking-moves/server";
import { jobOfQuote } from "@/modules/availability/server";

// A phone booking's job priced exactly as the wizard prices it (resolveVisit → quoteVisit(), one vehicle or
// several), with a postcode outside every zone allowed without a travel fee, and the picker's day of times.

type VisitChoiceInput = {
  service: string;
  size: string | null;
  addons: readonly string[];
  postcode: string | null;
  more: readonly { service: string; size?: string | null; addons: readonly string[] }[];
};

/** Outside every zone is not an error for the business: the job is priced without travel and flagged. */
export function visitFor(
  catalogue: Awaited<ReturnType<typeof loadBookingCatalogue>>,
  settings: Parameters<typeof bundleRuleOf>[0],
  input: VisitChoiceInput,
) {
  const visit = resolveVisit(catalogue, {
    first: { service: input.service, sizeId: input.size, addons: input.addons, postcode: input.postcode },
    more: input.more.map((m) => ({ service: m.service, sizeId: m.size || null, addons: m.addons })),
    bundle: bundleRuleOf(settings),
  });
  const outsideArea = Boolean(visit.first.postcode && !visit.first.zone);
  const errors = { ...visit.errors };
  if (outsideArea) delete errors.postcode;
  return { visit, errors, outsideArea };
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
  /** Under the first vehicle's field names, a further vehicle's under `more.<i>.<field>`. */
  errors: Record<string, string>;
};

async function resolveJob(db: DbOrTx, input: PhoneJobInput) {
  const [settings, catalogue, address] = await Promise.all([
    getSettingsOrThrow(db),
    loadBookingCatalogue(db),
    input.customerId && input.savedAddressId
      ? findOwnedAddress(db, input.customerId, input.savedAddressId)
      : null,
  ]);
  const resolved = visitFor(catalogue, settings, {
    service: input.service,
    size: input.size ?? null,
    addons: input.addons,
    postcode: address?.postcode ?? input.postcode ?? null,
    more: input.more,
  });
  return { settings, ...resolved };
}

/** The price and length of a phone booking's job, as the wizard computes them. */
export async function quotePhoneJob(db: DbOrTx, actor: Actor, input: PhoneJobInput): Promise<PhoneQuote> {
  await assertAdminActor(db, actor);
  const { settings, visit, errors, outsideArea } = await resolveJob(db, input);
  const q = visit.quote;
  const money = (minor: number) => formatMoney(minor, settings.currency);
  return {
    // With several vehicles each line says whose it is (the registrations are not known yet).
    lines:
      q?.lines.map((l) => ({
        name: quoteLineNameInVisit(l, 1 + input.more.length),
        price: formatSignedMoney(l.priceMinor, settings.currency),
      })) ?? [],
    total: money(q?.totalMinor ?? 0),
    totalMinor: q?.totalMinor ?? 0,
    minutes: q?.totalMinutes ?? 0,
    duration: q ? formatDuration(q.totalMinutes) : "",
    dueNowOnline: money(
      q ? amountDueNow(q.totalMinor, settings.paymentMode, settings.depositPercent) || q.totalMinor : 0,
    ),
    zoneName: visit.first.zone?.name ?? null,
    outsideArea,
    postcode: visit.first.postcode,
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
  const { visit } = await resolveJob(db, input);
  if (!visit.quote)
    throw new AppError(
      "VALIDATION",
      "Choose the service and the size of each vehicle first: the times depend on them.",
    );
  return getAdminSlotDay(db, {
    date: input.date,
    ...jobOfQuote(visit.quote),
    now,
  });
}
