import "server-only";
import type { z } from "zod";
import { route, type RouteContext } from "@/server/actions/route";
import { getDb } from "@/server/db";
import { getEnv } from "@/env";
import { consumeRateLimit } from "@/server/rate-limit";
import { AppError } from "@/server/errors";
import { createBookingInput, wizardStepInput } from "../book-schemas";
import { type BookingActor, createBooking, type StartCheckout } from "./create-booking";
import { checkWizardStep } from "./wizard-step";
import { faultPoint } from "@/server/fault-point";

// The wizard's two JSON endpoints. Anyone may call them (guest checkout); the signed-in person, if any,
// is read from the session, never from the body. Same-site JSON only, like /api/account/*.

function wizardHandler<S extends z.ZodType, T>(
  schema: S,
  run: (input: z.infer<S>, actor: BookingActor, ctx: RouteContext) => Promise<T>,
) {
  return route({
    schema,
    requirement: "none",
    handler: (input: z.infer<S>, user, ctx) =>
      run(input, user ? { id: user.id, role: user.role } : null, ctx),
  });
}

/**
 * POST /api/book: the final submission → `{ bookingId, reference, accessToken, status, redirectTo }`.
 * The route passes the payments module's checkout in (bookings does not depend on payments).
 */
export const bookingSubmitHandler = (startCheckout: StartCheckout) =>
  wizardHandler(createBookingInput, async (input, actor, { ip }) => {
    const db = await getDb();
    // Every submission can hold a team's time for payment: one connection gets a bounded number per hour.
    const limit = await consumeRateLimit(db, `book:ip:${ip}`, getEnv().BOOKING_RATE_LIMIT_PER_IP, 3600);
    if (!limit.ok) {
      const minutes = Math.ceil(limit.retryAfterSeconds / 60);
      throw new AppError(
        "RATE_LIMITED",
        `Too many bookings from this connection. Please wait ${minutes === 1 ? "a minute" : `${minutes} minutes`}, or call us to book.`,
      );
    }
    faultPoint("book:submitted");
    return createBooking(db, actor, input, { startCheckout });
  });

/** POST /api/book/step: a step's details checked → `{ redirectTo, values }`. */
export const bookingStepHandler = wizardHandler(wizardStepInput, async (input, actor) =>
  checkWizardStep(await getDb(), input, actor),
);
