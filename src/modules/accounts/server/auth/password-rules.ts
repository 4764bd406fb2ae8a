import "server-only";
import type { z } from "zod";
import { passwordProblem } from "../../domain/password-policy";
import { commonPasswords } from "./common-passwords";

const typedPassword = (value: unknown): value is { password: string; email?: unknown } =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { password?: unknown }).password === "string" &&
  (value as { password: string }).password !== "";

/**
 * `schema` (a form choosing a new password) with the password rule checked while parsing, so a weak
 * password is reported in the same answer as every other field's message — not only once the rest is
 * right (issue 27). The use cases check the same rule again (with the account's email where they know it).
 */
export function withPasswordRules<S extends z.ZodType>(schema: S): S {
  return schema.superRefine(
    (value, ctx) => {
      if (!typedPassword(value)) return;
      const email = typeof value.email === "string" ? value.email : undefined;
      const problem = passwordProblem(value.password, commonPasswords(), email);
      if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
    },
    { when: ({ value }) => typedPassword(value) },
  );
}
