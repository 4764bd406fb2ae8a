"use server";

import { cookies, headers } from "next/headers";
import { z } from "zod";
import { customerAction, publicAction, signedInAction } from "@/server/actions";
import { getAuth } from "@/server/auth";
import { changeEmailInput, deleteAccountInput, preferencesInput, profileInput } from "./schemas";
import { requestEmailChange } from "./server/change-email";
import { deleteAccount } from "./server/delete-account";
import { updatePreferences, updateProfile } from "./server/update-profile";
import { CONSENT_COOKIE } from "./consent";

export const updateProfileAction = customerAction(profileInput, async (input, user) => {
  await updateProfile(user, input);
  return null;
});

export const updatePreferencesAction = signedInAction(preferencesInput, async (input, user) => {
  await updatePreferences(user, input);
  return null;
});

export const requestEmailChangeAction = customerAction(changeEmailInput, async (input, user) => {
  await requestEmailChange(user, input, await headers());
  return null;
});

export const deleteAccountAction = signedInAction(deleteAccountInput, async (_input, user) => {
  // End this browser's session first (clears the cookie), then erase everything else.
  const auth = await getAuth();
  await auth.api.signOut({ headers: await headers() }).catch(() => null);
  await deleteAccount(user);
  return { redirectTo: "/?accountDeleted=1" };
});

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
