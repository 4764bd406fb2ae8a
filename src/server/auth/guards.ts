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

/** Staff pages (the technician's day): a visitor is sent to sign in; anyone else gets the 404 page. */
export async function requireStaffPage(path: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`${routes.login}?next=${encodeURIComponent(await currentPath(path))}`);
  if (user.role !== "staff") notFound();
  return user;
}

/**
 * Customer pages: a visitor is sent to sign in; an admin goes to the back office; staff get the 404 page
 * (a technician sees no customer's area), except their own account settings, which have a page of theirs.
 */
export async function requireCustomerPage(path: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`${routes.login}?next=${encodeURIComponent(await currentPath(path))}`);
  if (user.role !== "customer") {
    const own = (await currentPath(path)).startsWith(routes.accountSettings);
    if (user.role === "staff") {
      if (own) redirect(routes.staffAccount);
      notFound();
    }
    // Their own account settings have a back-office page; the rest of the customer area does not.
    redirect(own ? routes.adminAccount : homeFor("admin"));
  }
  return user;
}
