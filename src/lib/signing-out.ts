/**
 * The window event a sign-out dispatches before it ends the session: the page's live-event streams close
 * on it, so none reconnects without the session (a 401 in the console) while the browser leaves the page.
 */
export const SIGNING_OUT_EVENT = "forecourt:signing-out";
