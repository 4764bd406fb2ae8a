import "server-only";
import { redirect } from "next/navigation";
import { homeFor } from "@/lib/routes";
import { getSessionUser } from "./index";

/** Sign-in and registration pages send a signed-in person to their own area. */
export async function redirectIfSignedIn(): Promise<void> {
  const user = await getSessionUser();
  if (user) redirect(homeFor(user.role));
}
