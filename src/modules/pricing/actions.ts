"use server";

import { revalidatePath } from "next/cache";
import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import { type ActionResult, AppError } from "@/server/errors";
import { savePricesInput } from "./schemas";
import { type CellRef, type MatrixCell, type PriceConflict, savePrices } from "./server/prices";

export type SavedPrices = { saved: number; cells: (CellRef & { current: MatrixCell | null })[] };

/** What a refused save tells the grid: the cells someone else changed, what they hold now, their version. */
export type PriceConflictDetails = { conflicts: PriceConflict[] };

export type SavePricesActionResult = ActionResult<SavedPrices, PriceConflictDetails>;

/**
 * Saves the grid. A conflict is the shared failure shape: an AppError whose `details` carry the cells
 * someone else changed, so the grid can show them and let the admin save over them knowingly.
 */
const save = adminAction(savePricesInput, async (input, user): Promise<SavedPrices> => {
  const outcome = await savePrices(await getDb(), await requestActor(user.id), input);
  if (!outcome.ok) {
    const n = outcome.conflicts.length;
    throw new AppError<PriceConflictDetails>(
      "CONFLICT",
      `Nothing was saved: ${n === 1 ? "1 price was" : `${n} prices were`} changed by someone else while you were editing. Review the marked ${n === 1 ? "cell" : "cells"}, then save again.`,
      outcome.fieldErrors,
      { conflicts: outcome.conflicts },
    );
  }
  // The public catalogue shows "from" prices and durations.
  if (outcome.saved > 0) revalidatePath("/");
  return { saved: outcome.saved, cells: outcome.cells };
});

export async function savePricesAction(input: unknown): Promise<SavePricesActionResult> {
  return (await save(input)) as SavePricesActionResult;
}
