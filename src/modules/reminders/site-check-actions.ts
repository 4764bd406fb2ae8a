"use server";

import { publicAction } from "@/server/actions";
import { getDb } from "@/server/db";
import { siteCheckInput } from "./site-check-schemas";
import { answerSiteCheck } from "./server/site-check";

// The reminder's checklist answer: anyone holding the signed link, no sign-in.

export const answerSiteCheckAction = publicAction(siteCheckInput, async (input) =>
  answerSiteCheck(await getDb(), input),
);
