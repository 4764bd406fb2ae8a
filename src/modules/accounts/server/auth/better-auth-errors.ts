import "server-only";

/**
 * The better-auth error code of an error (e.g. "INVALID_EMAIL_OR_PASSWORD"), if it is one. Read by
 * shape, not `instanceof`: better-auth's APIError class can exist twice in a bundle.
 */
export function authErrorCode(err: unknown): string | undefined {
  const body = (err as { body?: { code?: unknown } } | null)?.body;
  return typeof body?.code === "string" ? body.code : undefined;
}
