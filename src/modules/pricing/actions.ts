"use server";

import { revalidatePath } from "next/cache";
import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import type { ActionResult, FieldErrors } from "@/server/errors";
import { savePricesInput } from "./schemas";
import { type CellRef, type MatrixCell, type PriceConflict, savePrices } from "./server/prices";

export type SavedPrices = { saved: number; cells: (CellRef & { current: MatrixCell | null })[] };

/**
 * An ActionResult, plus one shape of its own: a CONFLICT carries the cells someone else changed, with
 * what they hold now and their version, so the grid can show them and let the admin save over them
 * knowingly. (It stays assignable to the shared `FormResult`; the shared types are untouched.)
 */
export type SavePricesActionResult =
  | ActionResult<SavedPrices>
  | { ok: false; code: "CONFLICT"; message: string; fieldErrors: FieldErrors; conflicts: PriceConflict[] };

// The use case answers a conflict as a value (nothing was saved) rather than throwing, so that its
// data survives runAction, which keeps only an error's code, message and field messages.
const save = adminAction(savePricesInput, async (input, user) =>
  savePrices(await getDb(), await requestActor(user.id), input),
);

export async function savePricesAction(input: unknown): Promise<SavePricesActionResult> {
  const result = await save(input);
  if (!result.ok) return result;
  const outcome = result.data;
  if (!outcome.ok) {
    const n = outcome.conflicts.length;
    return {
      ok: false,
      code: "CONFLICT",
      message: `Nothing was saved: ${n === 1 ? "1 price was" : `${n} prices were`} changed by someone else while you were editing. Review the marked ${n === 1 ? "cell" : "cells"}, then save again.`,
      fieldErrors: outcome.fieldErrors,
      conflicts: outcome.conflicts,
    };
  }
  // The public catalogue shows "from" prices and durations.
  if (outcome.saved > 0) revalidatePath("/");
  return { ok: true, data: { saved: outcome.saved, cells: outcome.cells } };
}
