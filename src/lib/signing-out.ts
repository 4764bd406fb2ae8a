/**
 * The window event a sign-out dispatches before it ends the session: the page's live-event streams close
 * on it, so none reconnects without the session (a 401 in the console) while the browser leaves the page.
 */
export const SIGNING_OUT_EVENT = "forecourt:signing-out";

/**
 * The last event of a live-events stream that ends because its session did (signed out elsewhere, removed,
 * deactivated, a password change): the page's stream stops there rather than reconnecting into a 401.
 */
export const SESSION_ENDED_EVENT = "session-ended";

/**
 * The window event a page's live stream dispatches when it hears SESSION_ENDED_EVENT: what the page keeps
 * of the signed-in person (the technician's offline day) is cleared on it.
 */
export const SESSION_ENDED_WINDOW_EVENT = "forecourt:session-ended";
