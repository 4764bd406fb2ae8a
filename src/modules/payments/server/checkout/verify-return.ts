import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/server/db";
import { payments } from "@/server/db/schema";
import { logger } from "@/server/logger";
import type { CheckoutState, CheckoutStatus } from "../providers/provider";
import { issueRefund } from "../refunds/refunds";
import { getPaymentProvider } from "../providers/registry";
import { expireCheckoutsQuietly } from "./checkout";
import { settlePaidCheckout } from "./settle";
import { checkPaidCheckout, recordPaymentProblem } from "./webhook";

// /booking/payment-complete asks the provider about the booking's latest checkout itself (the query
// string proves nothing, and the webhook may be seconds behind). A paid checkout is settled through the
// same idempotent path as the webhook, so the page can show "Confirmed" at once; the webhook that
// follows finds the payment settled.

/** What the provider says of a booking's latest online payment, for the /booking/* result pages. */
export type ReturnState =
  /** The latest online payment is settled (now or before). */
  | "settled"
  /** Paid but the money is still on its way, or the provider could not be asked: keep checking. */
  | "processing"
  /** Not paid (yet). */
  | "open"
  /** That checkout can no longer be paid. */
  | "closed"
  /** The payment doesn't match the booking; the business has been told. */
  | "problem"
  /** No online payment was ever started for this booking. */
  | "none";

const CLOSED: readonly CheckoutState[] = ["expired", "cancelled", "failed"];

export async function verifyCheckoutOnReturn(
  db: Db,
  bookingId: string,
  now = new Date(),
): Promise<ReturnState> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.provider, ["stripe", "test"])))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!payment || !payment.providerReference || payment.provider === "manual") return "none";
  if (payment.status === "succeeded") return "settled";

  let checkout: CheckoutStatus;
  try {
    checkout = await getPaymentProvider(payment.provider).fetchCheckout(payment.providerReference);
  } catch (err) {
    logger.warn({ err, paymentId: payment.id }, "could not fetch the checkout from the provider");
    return "processing";
  }
  if (checkout.state === "processing") return "processing";
  if (checkout.state === "open") return payment.status === "pending" ? "open" : "closed";
  if (CLOSED.includes(checkout.state)) return "closed";

  const provider = payment.provider;
  const outcome = await db.transaction(async (tx) => {
    const { payment: matched, problem } = await checkPaidCheckout(tx, provider, checkout);
    if (!matched) return { state: "problem" as const };
    if (problem) {
      await recordPaymentProblem(tx, matched, problem, checkout);
      return { state: "problem" as const };
    }
    const settled = await settlePaidCheckout(tx, { paymentId: matched.id, source: "return", now });
    return {
      state: "settled" as const,
      refundId: settled.outcome === "refunding" ? settled.refundId : undefined,
      closed: settled.outcome === "confirmed" ? settled.closed : [],
    };
  });
  if (outcome.state === "settled" && outcome.refundId)
    await issueRefund(db, outcome.refundId, { paymentReference: checkout.paymentReference });
  if (outcome.state === "settled" && outcome.closed.length) await expireCheckoutsQuietly(outcome.closed);
  return outcome.state;
}
