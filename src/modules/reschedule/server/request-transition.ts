import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/server/db";
import { rescheduleRequests } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { type RequestOutcome, requestStepAllowed } from "../domain/reschedule-rules";

// The one path by which a reschedule request's status changes, as transitionBooking is for a booking's
// (ADR 0044): every answer — approved, declined, withdrawn, expired — by the customer, the business, a
// weather day or the expiry sweep goes through here. The step is taken only from `pending` (the rule table
// in domain/reschedule-rules.ts); a request answered meanwhile is refused with a CONFLICT, or skipped where
// the caller only tidies up (the sweeps). tests/unit/status-writers.test.ts keeps every other write out.

export const REQUEST_ANSWERED = "This request was answered meanwhile. Refresh the page.";

export type RequestStep = {
  to: RequestOutcome;
  /** Who answered: the customer or an admin; null for the system (expiry, a booking that ended). */
  by: string | null;
  now: Date;
  /** The business's words to the customer with a decline or a counter-offer. */
  response?: string | null;
  /** "refuse" (default): a request no longer pending is a CONFLICT with this message. "skip": no change. */
  ifAnswered?: "refuse" | "skip";
  refusal?: string;
};

/** Moves a pending request to its outcome; false when it was no longer pending and the caller said skip. */
export async function transitionRequest(tx: Tx, requestId: string, step: RequestStep): Promise<boolean> {
  if (!requestStepAllowed("pending", step.to)) throw new Error(`no reschedule step to ${step.to}`);
  const [updated] = await tx
    .update(rescheduleRequests)
    .set({
      status: step.to,
      decidedAt: step.now,
      updatedAt: step.now,
      ...(step.by !== null ? { decidedBy: step.by } : {}),
      ...(step.response != null ? { adminResponse: step.response } : {}),
    })
    .where(and(eq(rescheduleRequests.id, requestId), eq(rescheduleRequests.status, "pending")))
    .returning({ id: rescheduleRequests.id });
  if (updated) return true;
  if (step.ifAnswered === "skip") return false;
  throw new AppError("CONFLICT", step.refusal ?? REQUEST_ANSWERED);
}
