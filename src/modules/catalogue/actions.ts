"use server";

import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import {
  activeInput,
  categoryInput,
  idInput,
  moveInput,
  serviceInput,
  updateCategoryInput,
  updateServiceInput,
  updateVehicleSizeInput,
  vehicleSizeInput,
} from "./schemas";
import { categoryList, createCategory, updateCategory } from "./server/categories";
import { deleteRow, moveRow, setRowActive } from "./server/ordered-list";
import { createService, deleteService, setServiceActive, updateService } from "./server/services";
import { getStorage } from "@/server/storage";
import { routes } from "@/lib/routes";
import { createVehicleSize, updateVehicleSize, vehicleSizeList } from "./server/vehicle-sizes";

export const createCategoryAction = adminAction(categoryInput, async (input, user) => {
  await createCategory(await getDb(), await requestActor(user.id), input);
  return null;
});
export const updateCategoryAction = adminAction(updateCategoryInput, async (input, user) => {
  await updateCategory(await getDb(), await requestActor(user.id), input);
  return null;
});
export const moveCategoryAction = adminAction(moveInput, async (input, user) => {
  await moveRow(await getDb(), categoryList, await requestActor(user.id), input);
  return null;
});
export const setCategoryActiveAction = adminAction(activeInput, async (input, user) => {
  await setRowActive(await getDb(), categoryList, await requestActor(user.id), input.id, input.isActive);
  return null;
});
export const deleteCategoryAction = adminAction(idInput, async (input, user) => {
  await deleteRow(await getDb(), categoryList, await requestActor(user.id), input.id);
  return null;
});

export const createVehicleSizeAction = adminAction(vehicleSizeInput, async (input, user) => {
  await createVehicleSize(await getDb(), await requestActor(user.id), input);
  return null;
});
export const updateVehicleSizeAction = adminAction(updateVehicleSizeInput, async (input, user) => {
  await updateVehicleSize(await getDb(), await requestActor(user.id), input);
  return null;
});
export const moveVehicleSizeAction = adminAction(moveInput, async (input, user) => {
  await moveRow(await getDb(), vehicleSizeList, await requestActor(user.id), input);
  return null;
});
export const setVehicleSizeActiveAction = adminAction(activeInput, async (input, user) => {
  await setRowActive(await getDb(), vehicleSizeList, await requestActor(user.id), input.id, input.isActive);
  return null;
});
export const deleteVehicleSizeAction = adminAction(idInput, async (input, user) => {
  await deleteRow(await getDb(), vehicleSizeList, await requestActor(user.id), input.id);
  return null;
});

export const createServiceAction = adminAction(serviceInput, async (input, user) => {
  const id = await createService(await getDb(), await requestActor(user.id), input);
  return { redirectTo: `${routes.adminService(id)}?created=1` };
});
export const updateServiceAction = adminAction(updateServiceInput, async (input, user) => {
  await updateService(await getDb(), await requestActor(user.id), input);
  return null;
});
export const setServiceActiveAction = adminAction(activeInput, async (input, user) => {
  await setServiceActive(await getDb(), await requestActor(user.id), input);
  return null;
});
export const deleteServiceAction = adminAction(idInput, async (input, user) => {
  await deleteService(await getDb(), getStorage(), await requestActor(user.id), input);
  return { redirectTo: `${routes.adminServices}?deleted=1` };
});
