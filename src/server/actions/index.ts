import "server-only";
import { headers } from "next/headers";
import type { z } from "zod";
import type { Actor } from "@/server/audit";
import { clientIp } from "@/server/http";
import { getSessionUser, type SessionUser } from "@/server/auth";
import type { ActionResult } from "../errors";
import { withRequestContext } from "../request-context";
import { runAction } from "./run-action";

type Handler<S extends z.ZodType, T, U> = (input: z.infer<S>, user: U) => Promise<T>;

/** Anyone may call it; the handler receives the signed-in person, if any. */
export function publicAction<S extends z.ZodType, T>(schema: S, handler: Handler<S, T, SessionUser | null>) {
  return async (input: unknown): Promise<ActionResult<T>> =>
    withRequestContext(() =>
      runAction({ schema, input, requirement: "none", getUser: () => getSessionUser(), handler }),
    );
}

/** Any signed-in person (customer or admin); the handler checks ownership. */
export function signedInAction<S extends z.ZodType, T>(schema: S, handler: Handler<S, T, SessionUser>) {
  return async (input: unknown): Promise<ActionResult<T>> =>
    withRequestContext(() =>
      runAction({ schema, input, requirement: "signed_in", getUser: () => getSessionUser(), handler }),
    );
}

/** Signed-in customers only; the handler must still check ownership of what it touches. */
export function customerAction<S extends z.ZodType, T>(schema: S, handler: Handler<S, T, SessionUser>) {
  return async (input: unknown): Promise<ActionResult<T>> =>
    withRequestContext(() =>
      runAction({ schema, input, requirement: "customer", getUser: () => getSessionUser(), handler }),
    );
}

/** Admins only. */
export function adminAction<S extends z.ZodType, T>(schema: S, handler: Handler<S, T, SessionUser>) {
  return async (input: unknown): Promise<ActionResult<T>> =>
    withRequestContext(() =>
      runAction({ schema, input, requirement: "admin", getUser: () => getSessionUser(), handler }),
    );
}

/** Staff (technicians) only; the handler checks the job is one of their teams'. */
export function staffAction<S extends z.ZodType, T>(schema: S, handler: Handler<S, T, SessionUser>) {
  return async (input: unknown): Promise<ActionResult<T>> =>
    withRequestContext(() =>
      runAction({ schema, input, requirement: "staff", getUser: () => getSessionUser(), handler }),
    );
}

/** The audit actor of the current request: the signed-in user and the client address. */
export async function requestActor(userId: string): Promise<Actor> {
  return { id: userId, ip: clientIp(await headers()) };
}
