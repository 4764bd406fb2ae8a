"use server";

import { customerAction } from "@/server/actions";
import { getDb } from "@/server/db";
import { savedAddressInput, savedEntryInput, savedVehicleInput } from "./garage-schemas";
import { deleteEntry, saveMyAddress, saveMyVehicle, setDefaultEntry } from "./server/garage";

// The customer's saved vehicles and addresses; ownership is checked in the use cases.

export const saveVehicleAction = customerAction(savedVehicleInput, async (input, user) => {
  await saveMyVehicle(await getDb(), user, input);
  return null;
});

export const saveAddressAction = customerAction(savedAddressInput, async (input, user) => {
  await saveMyAddress(await getDb(), user, input);
  return null;
});

export const defaultVehicleAction = customerAction(savedEntryInput, async (input, user) => {
  await setDefaultEntry(await getDb(), user, "vehicle", input);
  return null;
});

export const defaultAddressAction = customerAction(savedEntryInput, async (input, user) => {
  await setDefaultEntry(await getDb(), user, "address", input);
  return null;
});

export const deleteVehicleAction = customerAction(savedEntryInput, async (input, user) => {
  await deleteEntry(await getDb(), user, "vehicle", input);
  return null;
});

export const deleteAddressAction = customerAction(savedEntryInput, async (input, user) => {
  await deleteEntry(await getDb(), user, "address", input);
  return null;
});
