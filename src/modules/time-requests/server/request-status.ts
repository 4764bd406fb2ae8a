import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "@/server/db";
import { timeRequests } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { statusesBefore, type TimeRequestStatus } from "../domain/time-request-rules";

// The one path by which a time request's status changes (as transitionRequest is for a reschedule request,
// ADR 0044): proposing, the booking's answers (booked, declined, expired), withdrawing and closing all step
// through here, from the statuses the rule table allows (domain/time-request-rules.ts) — a compare-and-swap,
// so a request changed meanwhile is refused with a CONFLICT, or skipped where the caller only follows a
// booking. tests/unit/status-writers.test.ts keeps every other write of the status out.

export const REQUEST_CHANGED = "This request changed meanwhile. Refresh the page.";

export type TimeRequestStep = {
  to: Exclude<TimeRequestStatus, "open">;
  now: Date;
  /** Who took the step (the customer or an admin); null for the system. */
  by: string | null;
  /** The proposal's booking (to `proposed`). */
  bookingId?: string;
  /** The business's words: its message with a proposal, or why it closed the request. */
  response?: string | null;
  /** "refuse" (default): a request not in a status the step is taken from is a CONFLICT. "skip": no change. */
  ifNot?: "refuse" | "skip";
  refusal?: string;
};

export async function stepTimeRequest(tx: Tx, requestId: string, step: TimeRequestStep): Promise<boolean> {
  const proposing = step.to === "proposed";
  const [updated] = await tx
    .update(timeRequests)
    .set({
      status: step.to,
      updatedAt: step.now,
      ...(proposing
        ? { bookingId: step.bookingId, proposedAt: step.now, proposedBy: step.by, decidedAt: null }
        : { decidedAt: step.now }),
      ...(step.response !== undefined ? { response: step.response } : {}),
    })
    .where(and(eq(timeRequests.id, requestId), inArray(timeRequests.status, statusesBefore(step.to))))
    .returning({ id: timeRequests.id });
  if (updated) return true;
  if (step.ifNot === "skip") return false;
  throw new AppError("CONFLICT", step.refusal ?? REQUEST_CHANGED);
}
