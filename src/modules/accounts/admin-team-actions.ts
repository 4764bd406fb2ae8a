"use server";

import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import { adminIdInput, inviteAdminInput } from "./admin-team-schemas";
import { inviteAdmin, removeAdmin } from "./server/customers/admin-team";

export const inviteAdminAction = adminAction(inviteAdminInput, async (input, user) =>
  inviteAdmin(await getDb(), await requestActor(user.id), input),
);

export const removeAdminAction = adminAction(adminIdInput, async (input, user) => {
  await removeAdmin(await getDb(), await requestActor(user.id), input.id);
  return null;
});
