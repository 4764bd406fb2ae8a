/**
 * Delay before retry number `attempt` (1 = after the first failure): exponential from `baseSeconds`,
 * capped at six hours. With the default 30 s and 8 attempts an email is retried over about an hour
 * (30 s, 1, 2, 4, 8, 16, 32 min) before it is marked failed.
 */
export function retryDelayMs(attempt: number, baseSeconds: number): number {
  const capMs = 6 * 60 * 60 * 1000;
  const exp = Math.max(0, attempt - 1);
  return Math.min(capMs, Math.round(baseSeconds * 1000 * 2 ** exp));
}
