/**
 * Who asks, as accounts' use cases see them. A public flow's actor is an anonymous requester: the
 * connection's ip (the rate limits count per ip) and the request's headers (better-auth reads its
 * session cookie and user agent from them). A signed-in flow's actor is the session user plus the
 * same, `SessionUser & Requester`; a flow that needs less takes a `Pick` of it.
 */
export type Requester = { ip: string; headers: Headers };
