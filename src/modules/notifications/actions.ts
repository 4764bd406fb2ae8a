"use server";

import { z } from "zod";
import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import { retryEmail } from "./server/outbox";

export const retryEmailAction = adminAction(z.object({ id: z.string().uuid() }), async (input, user) => {
  await retryEmail(await getDb(), await requestActor(user.id), input.id);
  return null;
});
