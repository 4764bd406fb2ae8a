import "server-only";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { homeFor, routes } from "@/lib/routes";
import { getSessionUser, type SessionUser } from "./index";

async function currentPath(fallback: string): Promise<string> {
  const h = await headers();
  return h.get("x-forecourt-path") ?? fallback;
}

/** Admin pages: a visitor is sent to sign in; a customer gets the 404 page (no existence oracle). */
export async function requireAdminPage(path: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`${routes.login}?next=${encodeURIComponent(await currentPath(path))}`);
  if (user.role !== "admin") notFound();
  return user;
}

/** Customer pages: a visitor is sent to sign in; an admin goes to the back office. */
export async function requireCustomerPage(path: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`${routes.login}?next=${encodeURIComponent(await currentPath(path))}`);
  if (user.role === "admin") {
    // Their own account settings have a back-office page; the rest of the customer area does not.
    const own = (await currentPath(path)).startsWith(routes.accountSettings);
    redirect(own ? routes.adminAccount : homeFor("admin"));
  }
  return user;
}
