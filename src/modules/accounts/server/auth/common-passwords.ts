import "server-only";
import { dictionary } from "@zxcvbn-ts/language-common";
import { MIN_PASSWORD_LENGTH } from "../../domain/password-policy";

let cached: ReadonlySet<string> | null = null;

/**
 * The common-password list shipped with the app (zxcvbn-ts's ~49,000 most common passwords), reduced to
 * those long enough to pass the length rule — the only ones that need a separate check.
 */
export function commonPasswords(): ReadonlySet<string> {
  cached ??= new Set(
    (dictionary["passwords-common"] as string[])
      .filter((p) => p.length >= MIN_PASSWORD_LENGTH)
      .map((p) => p.toLowerCase()),
  );
  return cached;
}
