export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Why a password is not acceptable, or null. `common` is the shipped list of common passwords
 * (lower case). Length is counted in characters as a person sees them.
 */
export function passwordProblem(
  password: string,
  common: ReadonlySet<string>,
  email?: string,
): string | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  const lower = password.toLowerCase();
  if (common.has(lower)) return "This password is too common. Choose something harder to guess.";
  if (email && lower === email.trim().toLowerCase()) return "Don't use your email address as your password.";
  if (/^(.)\1+$/.test(password)) return "This password is too easy to guess.";
  return null;
}
