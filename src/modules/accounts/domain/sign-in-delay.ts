/** The first delay, once an account has had `slowAfter` wrong passwords in the window. */
export const SIGN_IN_DELAY_BASE_MS = 250;
/** The delay stops growing here: the owner, who may be caught in it, waits at most this long. */
export const SIGN_IN_DELAY_MAX_MS = 5000;

/**
 * How long a password check for an account waits before it is answered, given the wrong passwords
 * already counted for that account from anywhere in the window (ADR 0041): nothing up to `slowAfter`,
 * then 250 ms doubling with each further failure, never more than 5 s. It slows guessing down; it never
 * refuses, so strangers can't lock the owner out with it.
 */
export function signInDelayMs(priorFailures: number, slowAfter: number): number {
  if (priorFailures < slowAfter) return 0;
  // The exponent is capped before it is raised: 2^1000 would be Infinity.
  const steps = Math.min(priorFailures - slowAfter, 16);
  return Math.min(SIGN_IN_DELAY_BASE_MS * 2 ** steps, SIGN_IN_DELAY_MAX_MS);
}
