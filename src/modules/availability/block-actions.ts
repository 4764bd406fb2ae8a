"use server";

import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import { AppError } from "@/server/errors";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { blockIdInput, blockInput, blockWindow } from "./block-schemas";
import { createBlock, deleteBlock } from "./server/blocks";

export const createBlockAction = adminAction(blockInput, async (input, user) => {
  const db = await getDb();
  const { timeZone } = await getSettingsOrThrow(db);
  const window = blockWindow(input, timeZone);
  if (!window.ok) throw new AppError("VALIDATION", undefined, window.fieldErrors);
  const id = await createBlock(db, await requestActor(user.id), window.value);
  return { id };
});

export const deleteBlockAction = adminAction(blockIdInput, async (input, user) => {
  await deleteBlock(await getDb(), await requestActor(user.id), input);
  return null;
});
