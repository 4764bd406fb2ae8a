"use server";

import { headers } from "next/headers";
import { adminAction } from "@/server/actions";
import { getDb } from "@/server/db";
import { clientIp } from "@/server/http";
import { teamActiveInput, teamIdInput, teamInput, teamMoveInput, updateTeamInput } from "./schedule-schemas";
import { createTeam, deleteTeam, moveTeam, setTeamActive, updateTeam } from "./server/teams";

async function actor(userId: string) {
  return { id: userId, ip: clientIp(await headers()) };
}

export const createTeamAction = adminAction(teamInput, async (input, user) => {
  await createTeam(await getDb(), await actor(user.id), input);
  return null;
});
export const updateTeamAction = adminAction(updateTeamInput, async (input, user) => {
  await updateTeam(await getDb(), await actor(user.id), input);
  return null;
});
export const setTeamActiveAction = adminAction(teamActiveInput, async (input, user) => {
  await setTeamActive(await getDb(), await actor(user.id), input);
  return null;
});
export const moveTeamAction = adminAction(teamMoveInput, async (input, user) => {
  await moveTeam(await getDb(), await actor(user.id), input);
  return null;
});
export const deleteTeamAction = adminAction(teamIdInput, async (input, user) => {
  await deleteTeam(await getDb(), await actor(user.id), input);
  return null;
});
