import "server-only";
import { routes } from "@/lib/routes";

// The technician's day with no signal (ADR 0053, amended by issue 41 §7): a service worker limited to
// /staff keeps the day's page, the files that page loaded and the photos it showed, and answers from them
// only when the network doesn't. The copy belongs to one person: the page tells the worker whose it is
// (an opaque key of the technician and their teams, StaffDayView.cacheKey), and the worker clears it
// before keeping anyone else's or a different team's. It is cleared too on every end of access the phone
// learns of: signing out; a 401 or 403, a sign-in page or a page that is not theirs any more in answer
// to any of the day's requests (session expired or revoked, deactivated); a server action answered
// "sign in"; the live stream's session-ended (the page passes it on); and any other area of the app — the
// sign-in page, the admin's or a customer's — opened in this browser (StaffCopyGuard: someone else is
// signed in, or no one). Actions always go to the network.

export const STAFF_CACHE = "forecourt-staff-day-v2";

const WORKER = `// Forecourt: the technician's day, readable with no signal (ADR 0053). Scope: /staff.
const CACHE = ${JSON.stringify(STAFF_CACHE)};
const PAGE = ${JSON.stringify(routes.staff)};
const PAGES = [PAGE, ${JSON.stringify(routes.staffAccount)}];
const LOGIN = ${JSON.stringify(routes.login)};
// Whose copy this is: a synthetic entry of the cache (never a URL the app serves).
const OWNER = PAGE + "/__owner";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  // Older caches (v1 kept no owner) go with the old worker.
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

const purge = () => caches.delete(CACHE);

async function ownerOf(cache) {
  const entry = await cache.match(OWNER);
  return entry ? entry.text() : null;
}

// { owner: null }: a page of someone who is not this browser's technician (or of no one).
// { purge: true }: the page learned that its session ended.
// { owner, keep, photos }: the technician's day, loaded: their copy (another's is cleared first), the
// files the page loaded (the next visit then works offline) and the photos it shows (no others kept).
self.addEventListener("message", (event) => {
  const data = event.data || {};
  event.waitUntil((async () => {
    if (data.purge || data.owner === null) return purge();
    if (typeof data.owner !== "string" || !data.owner) return;
    let cache = await caches.open(CACHE);
    if ((await ownerOf(cache)) !== data.owner) {
      await purge();
      cache = await caches.open(CACHE);
      await cache.put(OWNER, new Response(data.owner));
    }
    if (!(await keepPage(cache))) return;
    for (const url of data.keep || []) {
      const u = new URL(url, self.location.origin);
      if (u.origin !== self.location.origin || !isAppFile(u.pathname)) continue;
      if (!(await cache.match(u.href))) await cache.add(u.href).catch(() => {});
    }
    const shown = new Set((data.photos || []).map((p) => new URL(p, self.location.origin).href));
    for (const req of await cache.keys())
      if (isPhoto(new URL(req.url).pathname) && !shown.has(req.url)) await cache.delete(req);
  })());
});

// The page's own files: scripts, styles and fonts (their names change with their content), and its icons.
function isAppFile(path) {
  return path.startsWith("/_next/static/") || path === "/icon.svg" || path === "/favicon.ico" || path.startsWith(PAGE + "/icon/");
}
const isPhoto = (path) => path.startsWith("/api/job-photos/");

/** An answer that says this browser's technician has no access any more. */
function endsAccess(res, path) {
  if (!res) return false;
  if (res.status === 401 || res.status === 403) return true;
  if (res.redirected && new URL(res.url).pathname === LOGIN) return true;
  // A navigation's redirect is opaque: the day's pages redirect only to the sign-in page. Another
  // person's session gets the 404 page for them.
  if (PAGES.includes(path) && (res.type === "opaqueredirect" || res.status === 404)) return true;
  return false;
}

/** Reads the page again for the copy; false (and the copy cleared) when access has ended. */
async function keepPage(cache) {
  const res = await fetch(PAGE, { credentials: "same-origin" }).catch(() => null);
  return remember(cache, res, PAGE);
}

async function remember(cache, res, path) {
  if (!res) return true;
  if (endsAccess(res, path)) {
    await purge();
    return false;
  }
  // Only a copy someone owns is kept (the page says whose once it has loaded).
  if (res.ok && !res.redirected && path === PAGE && (await ownerOf(cache))) await cache.put(PAGE, res.clone());
  return true;
}

/** A server action answered "sign in" (its answer is a 200 whose body says so). */
async function actionEndsAccess(res) {
  if (!res.ok || !(res.headers.get("content-type") || "").includes("text/x-component")) return false;
  const body = await res.clone().text().catch(() => "");
  return body.length < 100000 && body.includes('"code":"UNAUTHENTICATED"');
}

/** Goes to the network and clears the copy when the answer ends access. */
function observed(req, path) {
  return (async () => {
    const res = await fetch(req);
    if (endsAccess(res, path) || (req.headers.has("Next-Action") && (await actionEndsAccess(res)))) await purge();
    return res;
  })();
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  // Signing out from the day: its copy goes at once, not at the next visit (a shared phone).
  if (req.method === "POST" && path === "/api/auth/sign-out") {
    event.waitUntil(purge());
    return;
  }
  // The day's actions and uploads: to the network, watched for an answer that ends access.
  if (req.method === "POST" && (PAGES.includes(path) || path.startsWith("/api/staff/"))) {
    event.respondWith(observed(req, path));
    return;
  }
  if (req.method !== "GET") return;
  // The day's page sent to sign in: a background read answered "sign in" is a 200 telling the router to
  // go there, and the router then asks for the sign-in page — from the day, only when access has ended.
  if (path === LOGIN) {
    event.waitUntil(purge());
    return;
  }
  // The live stream is the page's to watch (it passes on session-ended): never held by the worker.
  if ((req.headers.get("accept") || "").includes("text/event-stream")) return;
  if (req.mode === "navigate" && path === PAGE) {
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      try {
        const res = await fetch(req);
        await remember(cache, res, path);
        return res;
      } catch (err) {
        const copy = (await ownerOf(cache)) ? await cache.match(PAGE) : null;
        if (copy) return copy;
        throw err;
      }
    })());
  } else if (PAGES.includes(path) || path.startsWith("/api/staff/")) {
    // The account page, and the day read again in the background (router.refresh).
    event.respondWith(observed(req, path));
  } else if (isAppFile(path)) {
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(req);
      if (hit) return hit;
      const res = await fetch(req);
      if (res.ok) await cache.put(req, res.clone());
      return res;
    })());
  } else if (isPhoto(path)) {
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      try {
        const res = await fetch(req);
        if (endsAccess(res, path)) await purge();
        else if (res.ok && (await ownerOf(cache))) await cache.put(req, res.clone());
        return res;
      } catch (err) {
        const copy = await cache.match(req);
        if (copy) return copy;
        throw err;
      }
    })());
  }
});
`;

export function staffServiceWorker(): Response {
  return new Response(WORKER, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Service-Worker-Allowed": routes.staff,
    },
  });
}
