import "server-only";
import { logger } from "./logger";

export const ERROR_CODES = [
  "VALIDATION",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "SLOT_TAKEN",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const PUBLIC_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION: "Please check the highlighted fields.",
  UNAUTHENTICATED: "Please sign in to continue.",
  FORBIDDEN: "You can't do that.",
  NOT_FOUND: "This page could not be found.",
  CONFLICT: "Something changed while you were working. Please review and try again.",
  RATE_LIMITED: "Too many attempts. Please wait a moment and try again.",
  SLOT_TAKEN: "That time was just taken. Please choose another.",
  INTERNAL: "Something went wrong on our side. Please try again.",
};

export type FieldErrors = Record<string, string[]>;

/**
 * An error whose `message` is safe to show. Forbidden things answer NOT_FOUND (no existence oracle).
 * `fieldErrors` name the fields to fix; `details` carry what a screen needs to explain a refusal (the
 * prices another admin changed, the bookings a new opening time would strand) — one failure shape for
 * every module, so no use case needs a result type of its own.
 */
export class AppError<D = unknown> extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = PUBLIC_MESSAGES[code],
    readonly fieldErrors?: FieldErrors,
    readonly details?: D,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/**
 * The one refusal of a time that cannot be had (taken meanwhile, outside the rules, in the way of another
 * job), named on the field the person chose it with. Thrown inside a transaction, it rolls back what was
 * written before it (a new customer, their saved vehicle) like any error.
 */
export function slotTaken(message: string, field = "start"): AppError {
  return new AppError("SLOT_TAKEN", message, { [field]: [message] });
}

export type ActionFailure<D = unknown> = {
  ok: false;
  code: ErrorCode;
  message: string;
  fieldErrors?: FieldErrors;
  details?: D;
};

export type ActionResult<T, D = unknown> = { ok: true; data: T } | ActionFailure<D>;

/** Turns anything thrown into a result safe for the browser; unexpected errors are logged, not shown. */
export function toActionError(err: unknown): Extract<ActionResult<never>, { ok: false }> {
  if (err instanceof AppError) {
    return {
      ok: false,
      code: err.code,
      message: err.message,
      fieldErrors: err.fieldErrors,
      ...(err.details === undefined ? {} : { details: err.details }),
    };
  }
  logger.error({ err }, "unexpected error in action");
  return { ok: false, code: "INTERNAL", message: PUBLIC_MESSAGES.INTERNAL };
}

/** The first field of a database error (or its causes: Drizzle wraps the driver's) that `pick` accepts. */
function databaseErrorField(err: unknown, pick: (e: Record<string, unknown>) => string | undefined) {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const found = pick(e as Record<string, unknown>);
    if (found !== undefined) return found;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** SQLSTATE of a database error, whichever driver raised it. */
export const sqlState = (err: unknown): string | undefined =>
  databaseErrorField(err, (e) =>
    typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined,
  );

/** The constraint a database error names (a unique index, a check), whichever driver raised it. */
export const constraintOf = (err: unknown): string | undefined =>
  databaseErrorField(err, (e) => (typeof e.constraint === "string" ? e.constraint : undefined));

export const SQLSTATE = {
  exclusionViolation: "23P01",
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  checkViolation: "23514",
} as const;
