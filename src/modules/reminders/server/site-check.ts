import "server-only";
import { toSiteAnswer } from "@/lib/job/site-answers";
import { getEnv } from "@/env";
import { writeAudit } from "@/server/audit";
import { type DbOrTx, getDb } from "@/server/db";
import { type SiteCheckAnswer } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { signedIdToken, verifySignedIdToken } from "@/server/signed-id";
import {
  lockBooking,
  recordBookingEvents,
  setSiteCheckAnswer,
  bookingHeading,
  getBookingView,
  announceBooking,
  findBooking,
} from "@/modules/bookings/server";
import { isIn, UPCOMING_STATUSES } from "@/lib/enums";

// The reminder's site-readiness checklist answers (issue 17, ADR 0027). The links carry a token signed
// with a key kept for this one purpose (HMAC of the booking id): it opens only the checklist page of that
// one booking — not its payment, cancel or calendar pages — and needs no sign-in. An answer is stored on
// the booking (the latest one counts), put on its timeline, audited, and announced live to the admins.

export const SITE_CHECK_NOTE_MAX = 1000;

export const siteCheckToken = (bookingId: string) => signedIdToken("forecourt:site-check", bookingId);

/** The booking id a token was made for, or null for anything else. */
export const verifySiteCheckToken = (token: string | null | undefined) =>
  verifySignedIdToken("forecourt:site-check", token);

export function siteCheckUrl(bookingId: string, answer: "all-set" | "changed", appUrl = getEnv().APP_URL) {
  const url = new URL("/booking/site-check", appUrl);
  url.searchParams.set("token", siteCheckToken(bookingId));
  url.searchParams.set("answer", answer);
  return url.toString();
}

export type SiteCheckPage = {
  reference: string;
  title: string;
  date: string;
  timeRange: string;
  addressLine: string;
  site: { water: boolean | null; power: boolean | null; covered: boolean | null; accessNotes: string | null };
  /** The answer given so far, if any. */
  answer: SiteCheckAnswer | null;
  note: string | null;
  /** False once the job has started or the booking ended: the page says so and takes no answer. */
  open: boolean;
};

export async function getSiteCheckPage(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<SiteCheckPage | null> {
  const bookingId = verifySiteCheckToken(token);
  if (!bookingId) return null;
  const row = await findBooking(db, bookingId);
  if (!row) return null;
  const view = await getBookingView(db, bookingId);
  const a = row.addressSnapshot;
  return {
    ...bookingHeading(view),
    addressLine: view.addressLine,
    site: {
      water: toSiteAnswer(a.hasWater),
      power: toSiteAnswer(a.hasPower),
      covered: toSiteAnswer(a.hasCoveredSpace),
      accessNotes: a.accessNotes,
    },
    answer: row.siteCheck ?? null,
    note: row.siteCheckNote ?? null,
    open: isIn(UPCOMING_STATUSES, row.status) && now < row.startsAt,
  };
}

/** For the page: the request's database. */
export async function loadSiteCheckPage(token: string): Promise<SiteCheckPage | null> {
  return getSiteCheckPage(await getDb(), token);
}

export type SiteCheckInput = { token: string; answer: SiteCheckAnswer; note?: string | null };

/** Stores the customer's answer. A bad token answers NOT_FOUND; a "changed" without a note, a field error. */
export async function answerSiteCheck(
  db: DbOrTx,
  input: SiteCheckInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ answer: SiteCheckAnswer }> {
  const bookingId = verifySiteCheckToken(input.token);
  if (!bookingId) throw new AppError("NOT_FOUND");
  if (input.answer !== "all_set" && input.answer !== "changed") throw new AppError("VALIDATION");
  const note = input.answer === "changed" ? (input.note ?? "").trim() : null;
  if (input.answer === "changed" && !note)
    throw new AppError("VALIDATION", undefined, {
      note: ["Tell us what changed, so the team comes prepared."],
    });
  if (note && note.length > SITE_CHECK_NOTE_MAX)
    throw new AppError("VALIDATION", undefined, {
      note: [`Keep it under ${SITE_CHECK_NOTE_MAX} characters.`],
    });
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking) throw new AppError("NOT_FOUND");
    if (!isIn(UPCOMING_STATUSES, booking.status) || now >= booking.startsAt)
      throw new AppError(
        "CONFLICT",
        "This booking has started or ended: call the business if something changed.",
      );
    const updated = await setSiteCheckAnswer(tx, booking.id, { answer: input.answer, note, now });
    await recordBookingEvents(tx, [
      {
        bookingId: booking.id,
        actorId: booking.customerId,
        type: "site_check",
        fromValue: booking.siteCheck ?? null,
        toValue: input.answer,
        data: note ? { note } : {},
        at: now,
      },
    ]);
    await writeAudit(tx, {
      actorId: booking.customerId,
      action: "booking.site_check",
      entity: "booking",
      entityId: booking.id,
      summary: { reference: booking.reference, answer: input.answer, note },
    });
    if (updated) await announceBooking(tx, updated);
    return { answer: input.answer };
  });
}
