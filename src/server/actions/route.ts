import "server-only";
import type { z } from "zod";
import { getSessionUser, type SessionUser } from "@/server/auth";
import { toActionError } from "@/server/errors";
import { assertSameOrigin, assertSameSiteJson, clientIp, readJson, resultResponse } from "@/server/http";
import { withRequestContext } from "@/server/request-context";
import { type Requirement, runAction } from "./run-action";

/** What a route's handler gets besides its parsed input and the caller. */
export type RouteContext = {
  request: Request;
  /** The caller's address for rate limits (the socket peer unless proxies are trusted — ADR 0013). */
  ip: string;
  /** Session cookies the handler set (signing in) go out with the answer. */
  setCookies: (headers: Headers) => void;
};

type UserFor<R extends Requirement> = R extends "none" ? SessionUser | null : SessionUser;

export type RouteOptions<S extends z.ZodType, T, R extends Requirement> = {
  schema: S;
  requirement: R;
  /**
   * `json` (default): same-site JSON only — a cross-site form can send neither the content type nor a
   * same-origin Origin. `custom`: the route reads its own body (`input`), still same-origin only.
   */
  body?: "json" | { custom: (request: Request, user: UserFor<R>) => Promise<unknown> };
  /** Public routes that never need the caller (signing in) skip reading the session. */
  session?: boolean;
  handler: (input: z.infer<S>, user: UserFor<R>, ctx: RouteContext) => Promise<T>;
};

/**
 * The one adapter of every state-changing route handler, the HTTP twin of the server-action wrappers:
 * same-site check → the caller from the session → authorise → parse → run → an ActionResult with the
 * matching HTTP status (400, 401, 404, 409, 429…). Unexpected errors are logged and answered generically.
 */
export function route<S extends z.ZodType, T, R extends Requirement>(opts: RouteOptions<S, T, R>) {
  return (request: Request): Promise<Response> =>
    withRequestContext(async () => {
      let cookies: Headers | undefined;
      try {
        if (opts.body === undefined || opts.body === "json") assertSameSiteJson(request);
        else assertSameOrigin(request);
        const user =
          opts.session === false && opts.requirement === "none"
            ? null
            : await getSessionUser(request.headers);
        const ctx: RouteContext = {
          request,
          ip: clientIp(request.headers),
          setCookies: (h) => {
            cookies = h;
          },
        };
        const result = await runAction({
          schema: opts.schema,
          requirement: opts.requirement,
          getUser: async () => user,
          // The body is read only once the caller is authorised (a large upload is not read for nobody).
          input: async () =>
            opts.body === undefined || opts.body === "json"
              ? readJson(request)
              : opts.body.custom(request, user as UserFor<R>),
          handler: (input, u) => opts.handler(input, u as UserFor<R>, ctx),
        });
        return resultResponse(result, cookies);
      } catch (err) {
        return resultResponse(toActionError(err));
      }
    });
}
