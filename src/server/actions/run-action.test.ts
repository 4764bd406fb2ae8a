import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "../errors";
import { type ActionUser, runAction } from "./run-action";

vi.mock("../logger", () => ({ logger: { error: vi.fn() } }));

const schema = z.object({
  name: z.string().min(2, "Enter at least 2 characters"),
  age: z.number().int().min(0),
});
const admin: ActionUser = { id: "a", name: "A", email: "a@example.test", role: "admin" };
const customer: ActionUser = { id: "c", name: "C", email: "c@example.test", role: "customer" };

describe("runAction", () => {
  it("passes an AppError's field errors and details through as the one failure shape", async () => {
    const res = await runAction({
      schema,
      input: { name: "Wash", age: 1 },
      requirement: "none",
      getUser: async () => null,
      handler: async () => {
        throw new AppError("CONFLICT", "Changed meanwhile.", { price: ["Now £47.00"] }, { current: 4700 });
      },
    });
    expect(res).toEqual({
      ok: false,
      code: "CONFLICT",
      message: "Changed meanwhile.",
      fieldErrors: { price: ["Now £47.00"] },
      details: { current: 4700 },
    });
  });

  it("reads a lazy body only once the caller is authorised", async () => {
    const read = vi.fn(async () => ({ name: "Wash", age: 1 }));
    const refused = await runAction({
      schema,
      input: read,
      requirement: "admin",
      getUser: async () => customer,
      handler: vi.fn(),
    });
    expect(refused).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(read).not.toHaveBeenCalled();
    const ok = await runAction({
      schema,
      input: read,
      requirement: "admin",
      getUser: async () => admin,
      handler: async (i) => i.name,
    });
    expect(ok).toEqual({ ok: true, data: "Wash" });
  });

  it("answers field-level messages for bad input and never calls the handler", async () => {
    const handler = vi.fn();
    const res = await runAction({
      schema,
      input: { name: "x", age: -1 },
      requirement: "none",
      getUser: async () => null,
      handler,
    });
    expect(res).toMatchObject({ ok: false, code: "VALIDATION" });
    expect(!res.ok && res.fieldErrors).toEqual({
      name: ["Enter at least 2 characters"],
      age: [expect.any(String)],
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it.each([
    ["admin", null, "UNAUTHENTICATED"],
    ["admin", customer, "NOT_FOUND"],
    ["customer", admin, "NOT_FOUND"],
    ["customer", null, "UNAUTHENTICATED"],
  ] as const)("requirement %s refuses %o", async (requirement, user, code) => {
    const handler = vi.fn();
    const res = await runAction({
      schema,
      input: { name: "ok", age: 1 },
      requirement,
      getUser: async () => user,
      handler,
    });
    expect(res).toMatchObject({ ok: false, code });
    expect(handler).not.toHaveBeenCalled();
  });

  it("passes the parsed input and the user to the handler", async () => {
    const res = await runAction({
      schema,
      input: { name: "Priya", age: 30, extra: "dropped" },
      requirement: "admin",
      getUser: async () => admin,
      handler: async (input, user: ActionUser) => ({ input, by: user.id }),
    });
    expect(res).toEqual({ ok: true, data: { input: { name: "Priya", age: 30 }, by: "a" } });
  });

  it("shows an AppError's safe message but never an unexpected error's text", async () => {
    const safe = await runAction({
      schema,
      input: { name: "ok", age: 1 },
      requirement: "none",
      getUser: async () => null,
      handler: async () => {
        throw new AppError("SLOT_TAKEN");
      },
    });
    expect(safe).toEqual({
      ok: false,
      code: "SLOT_TAKEN",
      message: "That time was just taken. Please choose another.",
      fieldErrors: undefined,
    });
    const internal = await runAction({
      schema,
      input: { name: "ok", age: 1 },
      requirement: "none",
      getUser: async () => null,
      handler: async () => {
        throw new Error("relation users does not exist at 10.0.0.3");
      },
    });
    expect(internal).toMatchObject({ ok: false, code: "INTERNAL" });
    expect(JSON.stringify(internal)).not.toContain("10.0.0.3");
  });
});
