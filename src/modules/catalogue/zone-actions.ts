"use server";

import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import { checkPostcodeInput, updateZoneInput, zoneActiveInput, zoneIdInput, zoneInput } from "./zone-schemas";
import {
  checkPostcodeForAdmin,
  createZone,
  deleteZone,
  setZoneActive,
  updateZone,
  type AdminPostcodeCheck,
} from "./server/zones";

export const createZoneAction = adminAction(zoneInput, async (input, user) => {
  await createZone(await getDb(), await requestActor(user.id), input);
  return null;
});
export const updateZoneAction = adminAction(updateZoneInput, async (input, user) => {
  await updateZone(await getDb(), await requestActor(user.id), input);
  return null;
});
export const setZoneActiveAction = adminAction(zoneActiveInput, async (input, user) => {
  await setZoneActive(await getDb(), await requestActor(user.id), input);
  return null;
});
export const deleteZoneAction = adminAction(zoneIdInput, async (input, user) => {
  await deleteZone(await getDb(), await requestActor(user.id), input);
  return null;
});

/** Read-only, but admin-only: it reveals inactive zones. */
export const checkZonePostcodeAction = adminAction(
  checkPostcodeInput,
  async (input): Promise<AdminPostcodeCheck> => checkPostcodeForAdmin(input.postcode),
);
