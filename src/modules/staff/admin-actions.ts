"use server";

import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import { photoIdInput } from "./schemas";
import { removeJobPhoto, restoreJobPhoto } from "./server";

// The admin's buttons on a job's photos (the booking page): remove any photo, finished job or not, and
// put a removed one back (issue 41 §7). The use cases check the role again and audit each change.

export const removeJobPhotoAsAdminAction = adminAction(photoIdInput, async (input, user) => {
  await removeJobPhoto(await getDb(), await requestActor(user.id), input);
  return null;
});

export const restoreJobPhotoAction = adminAction(photoIdInput, async (input, user) => {
  await restoreJobPhoto(await getDb(), await requestActor(user.id), input);
  return null;
});
