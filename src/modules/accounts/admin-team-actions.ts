"use server";

import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import { adminIdInput, inviteAdminInput, inviteStaffInput, staffTeamsInput } from "./admin-team-schemas";
import { inviteAdmin, removeAdmin } from "./server/customers/admin-team";
import { deactivateStaff, inviteStaff, setStaffTeams } from "./server/customers/staff-members";

export const inviteAdminAction = adminAction(inviteAdminInput, async (input, user) =>
  inviteAdmin(await getDb(), await requestActor(user.id), input),
);

export const removeAdminAction = adminAction(adminIdInput, async (input, user) => {
  await removeAdmin(await getDb(), await requestActor(user.id), input.id);
  return null;
});

export const inviteStaffAction = adminAction(inviteStaffInput, async (input, user) =>
  inviteStaff(await getDb(), await requestActor(user.id), input),
);

export const setStaffTeamsAction = adminAction(staffTeamsInput, async (input, user) => {
  await setStaffTeams(await getDb(), await requestActor(user.id), input);
  return null;
});

export const deactivateStaffAction = adminAction(adminIdInput, async (input, user) => {
  await deactivateStaff(await getDb(), await requestActor(user.id), input.id);
  return null;
});
