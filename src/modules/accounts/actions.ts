"use server";

import { cookies, headers } from "next/headers";
import { z } from "zod";
import { accountSettingsFor } from "@/lib/routes";
import { publicAction, signedInAction } from "@/server/actions";
import { getDb } from "@/server/db";
import { clientIp } from "@/server/http";
import {
  changeEmailInput,
  deleteAccountInput,
  marketingInput,
  preferencesInput,
  profileInput,
} from "./schemas";
import { confirmEmailChange, requestEmailChange } from "./server/auth/change-email";
import { deleteAccount } from "./server/delete-account";
import { updatePreferences, updateProfile } from "./server/update-profile";
import { CONSENT_COOKIE } from "./consent";

// Customers and admins alike: each acts on their own account only (the use cases take the signed-in id).
export const updateProfileAction = signedInAction(profileInput, async (input, user) => {
  await updateProfile(await getDb(), user, input);
  return null;
});

export const updatePreferencesAction = signedInAction(preferencesInput, async (input, user) => {
  await updatePreferences(await getDb(), user, input);
  return null;
});

export const updateMarketingAction = signedInAction(marketingInput, async (input, user) => {
  await updatePreferences(await getDb(), user, input);
  return null;
});

export const requestEmailChangeAction = signedInAction(changeEmailInput, async (input, user) => {
  const requestHeaders = await headers();
  const actor = { ...user, ip: clientIp(requestHeaders), headers: requestHeaders };
  await requestEmailChange(await getDb(), actor, input);
  return null;
});

export const deleteAccountAction = signedInAction(deleteAccountInput, async (_input, user) => {
  // Erase first (it may be refused); only then end this browser's session by clearing its cookies —
  // the sessions themselves are already gone.
  await deleteAccount(await getDb(), user);
  const jar = await cookies();
  for (const { name } of jar.getAll()) {
    if (name.includes("better-auth.")) jar.delete(name);
  }
  return { redirectTo: "/?accountDeleted=1" };
});

/**
 * Confirms an email change from the link sent to the new address. A POST behind a button, not the
 * GET of the link itself: mail scanners open links, and must not use up the token. Only the signed-in
 * account that asked may confirm (the use case checks it).
 */
export const confirmEmailChangeAction = signedInAction(
  z.object({ token: z.string().min(10).max(200) }),
  async (input, user) => {
    const outcome = await confirmEmailChange(await getDb(), user, input);
    return { redirectTo: `${accountSettingsFor(user.role)}?emailChange=${outcome}` };
  },
);

/** Cookie consent, for everyone: remembered for a year in a first-party cookie. */
export const setConsentAction = publicAction(z.object({ analytics: z.boolean() }), async (input) => {
  (await cookies()).set(CONSENT_COOKIE, input.analytics ? "analytics:granted" : "analytics:denied", {
    maxAge: 60 * 60 * 24 * 365,
    sameSite: "lax",
    httpOnly: false,
    path: "/",
  });
  return null;
});
