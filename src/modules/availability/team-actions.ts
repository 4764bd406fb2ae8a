"use server";

import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import { teamActiveInput, teamIdInput, teamInput, teamMoveInput, updateTeamInput } from "./schedule-schemas";
import { createTeam, deleteTeam, moveTeam, setTeamActive, updateTeam } from "./server/teams";

export const createTeamAction = adminAction(teamInput, async (input, user) => {
  await createTeam(await getDb(), await requestActor(user.id), input);
  return null;
});
export const updateTeamAction = adminAction(updateTeamInput, async (input, user) => {
  await updateTeam(await getDb(), await requestActor(user.id), input);
  return null;
});
export const setTeamActiveAction = adminAction(teamActiveInput, async (input, user) => {
  await setTeamActive(await getDb(), await requestActor(user.id), input);
  return null;
});
export const moveTeamAction = adminAction(teamMoveInput, async (input, user) => {
  await moveTeam(await getDb(), await requestActor(user.id), input);
  return null;
});
export const deleteTeamAction = adminAction(teamIdInput, async (input, user) => {
  await deleteTeam(await getDb(), await requestActor(user.id), input);
  return null;
});
