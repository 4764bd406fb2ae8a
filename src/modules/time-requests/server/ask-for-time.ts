import "server-only";
import { fitsNoWorkingDay } from "@/lib/visit-days";
import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { localDateOf } from "@/lib/dates";
import { routes } from "@/lib/routes";
import { findUserById } from "@/modules/accounts/server";
import { loadWorkingDayLimits } from "@/modules/availability/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { Actor } from "@/server/audit";
import type { Db, DbOrTx } from "@/server/db";
import { timeRequests } from "@/server/db/schema";
import { AppError, type FieldErrors } from "@/server/errors";
import { type AskReason, checkAskedDays } from "../domain/time-request-rules";
import type { AskForTimeInput } from "../time-request-schemas";
import { resolveAskedVisit, wizardStateOf } from "./asked-visit";
import { enqueueRequestReceived } from "./time-request-emails";

// A signed-in customer asks for a time (ADR 0057): the visit is read from the wizard's choices and priced as
// the wizard prices it, the days are checked (1–14, from tomorrow to the horizon), and the request is written
// with both emails in one transaction. Bad input writes nothing; the same wizard run asked twice makes one
// request.

export type AskedResult = { requestId: string; redirectTo: string };

/** The customer who may ask: a customer's own account, active. Anyone else gets NOT_FOUND. */
export async function assertCustomerActor(db: DbOrTx, actor: Pick<Actor, "id">) {
  const user = await findUserById(db, actor.id);
  if (!user || user.role !== "customer" || user.banned || user.anonymisedAt) throw new AppError("NOT_FOUND");
  return user;
}

export async function askForTime(
  db: Db,
  actor: Actor,
  input: AskForTimeInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<AskedResult> {
  const customer = await assertCustomerActor(db, actor);
  const settings = await getSettingsOrThrow(db);
  const state = wizardStateOf(input.choices);
  const errors: FieldErrors = {};
  const days = checkAskedDays(input.days, {
    today: localDateOf(now, settings.timeZone),
    horizonDays: settings.horizonDays,
  });
  if (!days.ok) Object.assign(errors, days.errors);
  const resolved = await resolveAskedVisit(db, { customerId: customer.id, settings, state }, input);
  if (!resolved.ok) errors[resolved.field] = [resolved.message];
  if (!days.ok || !resolved.ok) throw new AppError("VALIDATION", undefined, errors);

  const key = `ask:${customer.id}:${state.run ?? randomUUID()}`;
  const earlier = await findByKey(db, key);
  if (earlier) return resultOf(earlier.id);
  const { visit, job } = resolved.asked;
  const limits = await loadWorkingDayLimits(db, now);
  const reason: AskReason = fitsNoWorkingDay(job.durationMinutes, job.spansBreaks ?? true, limits)
    ? "too_long"
    : "no_times";

  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(timeRequests)
      .values({
        customerId: customer.id,
        visit,
        workMinutes: job.durationMinutes,
        travelBufferMinutes: job.zoneBufferMinutes,
        spansBreaks: job.spansBreaks !== false,
        reason,
        days: days.days,
        note: input.note,
        idempotencyKey: key,
      })
      .onConflictDoNothing({ target: timeRequests.idempotencyKey })
      .returning();
    // The same run submitted twice at once: the other one wrote it (and its emails).
    if (!row) return (await findByKey(tx, key))?.id ?? null;
    await enqueueRequestReceived(tx, row);
    return row.id;
  });
  if (!id) throw new AppError("CONFLICT", "Your request was just sent. Refresh the page.");
  return resultOf(id);
}

async function findByKey(db: DbOrTx, key: string) {
  const [row] = await db
    .select({ id: timeRequests.id })
    .from(timeRequests)
    .where(eq(timeRequests.idempotencyKey, key));
  return row ?? null;
}

const resultOf = (requestId: string): AskedResult => ({
  requestId,
  redirectTo: `${routes.myTimeRequest(requestId)}?sent=1`,
});
