import type { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, controlCharacterPaths } from "@/lib/control-characters";
import type { UserRole } from "@/lib/enums";
import { type ActionResult, AppError, type FieldErrors, toActionError } from "../errors";

export type ActionUser = { id: string; name: string; email: string; role: UserRole };
export type Requirement = "none" | "signed_in" | UserRole;

export type RunActionOptions<S extends z.ZodType, T, U> = {
  schema: S;
  /** The raw input, or a function that reads it once the caller is authorised. */
  input: unknown | (() => Promise<unknown>);
  requirement: Requirement;
  getUser: () => Promise<ActionUser | null>;
  handler: (input: z.infer<S>, user: U) => Promise<T>;
};

/**
 * The one path of every server action: authorise (a forbidden caller learns nothing: NOT_FOUND, like a
 * missing record — not even the input's shape) → refuse control characters in any string → parse
 * (field-level messages, nothing changed) → run → ActionResult. Unexpected errors are logged and answered
 * with a generic message.
 */
export async function runAction<S extends z.ZodType, T, U>(
  opts: RunActionOptions<S, T, U>,
): Promise<ActionResult<T>> {
  try {
    const user = await opts.getUser();
    if (opts.requirement !== "none") {
      if (!user) throw new AppError("UNAUTHENTICATED");
      if (opts.requirement !== "signed_in" && user.role !== opts.requirement) throw new AppError("NOT_FOUND");
    }
    const raw =
      typeof opts.input === "function" ? await (opts.input as () => Promise<unknown>)() : opts.input;
    // Before any schema: a NUL, another control character or a lone surrogate in any string (value or
    // key) is a field error, never a database error (PostgreSQL refuses \u0000 in text).
    const dirty = controlCharacterPaths(raw);
    if (dirty.length > 0)
      throw new AppError(
        "VALIDATION",
        undefined,
        Object.fromEntries(dirty.map((path) => [path || "_form", [CONTROL_CHARACTERS_MESSAGE]])),
      );
    const parsed = opts.schema.safeParse(raw);
    if (!parsed.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join(".") || "_form";
        (fieldErrors[key] ??= []).push(issue.message);
      }
      throw new AppError("VALIDATION", undefined, fieldErrors);
    }
    return { ok: true, data: await opts.handler(parsed.data, user as U) };
  } catch (err) {
    return toActionError(err);
  }
}
