import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  CONTROL_CHARACTERS_MESSAGE,
  controlCharacterPaths,
  hasControlCharacters,
  uncleanAddress,
} from "@/lib/control-characters";
import { getEnv } from "@/env";
import { proxy } from "@/proxy";
import { runAction } from "@/server/actions/run-action";

vi.mock("@/server/logger", () => ({ logger: { error: vi.fn(), warn: vi.fn(), info: vi.fn() } }));

// Issue 28 #3: a NUL byte (or another control character, or a lone surrogate) in any text answered 500
// (PostgreSQL refuses \u0000 in text). One guard at the adapters answers a field error instead.

const BAD = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\u0008",
  "\u000B",
  "\u000C",
  "\u000E",
  "\u001B",
  "\u001F",
  "\uD800",
  "\uDBFF",
  "\uDC00",
  "\uDFFF",
];
const badChar = fc.constantFrom(...BAD);
// Printable text around it (no control characters of its own, whole surrogate pairs only).
const cleanText = fc.string({ unit: "grapheme", maxLength: 12 });
const dirtyText = fc.tuple(cleanText, badChar, cleanText).map(([a, b, c]) => a + b + c);

describe("hasControlCharacters", () => {
  it("accepts tab, newline, carriage return, emoji (surrogate pairs) and ordinary text", () => {
    for (const ok of ["", "Sam O'Neil", "line 1\nline 2\r\n\tindented", "🚗 Fiesta", "Zoë – £45", "\u007F"])
      expect(hasControlCharacters(ok)).toBe(false);
  });

  it.each(BAD.map((c) => [JSON.stringify(c), c]))("refuses %s", (_, c) => {
    expect(hasControlCharacters(c)).toBe(true);
    expect(hasControlCharacters(`a${c}b`)).toBe(true);
  });

  it("refuses a reversed surrogate pair and a high surrogate at the end", () => {
    expect(hasControlCharacters("\uDC00\uD800")).toBe(true);
    expect(hasControlCharacters("x\uD83D")).toBe(true);
  });
});

describe("controlCharacterPaths", () => {
  it("names every offending string by its field path, keys included", () => {
    expect(
      controlCharacterPaths({
        contact: { name: "Sam\u0000", email: "sam@example.test" },
        addons: ["ok", "b\uD800"],
        ["k\u0001"]: "fine",
        notes: "two\nlines",
        n: 4,
        file: Buffer.from("\u0000"),
      }),
    ).toEqual(["", "addons.1", "contact.name"]);
    expect(controlCharacterPaths("\u0000")).toEqual([""]);
    expect(controlCharacterPaths({ a: [{ b: "clean" }], c: null, d: undefined })).toEqual([]);
  });

  it("does not overflow on deeply nested input", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => controlCharacterPaths(deep)).not.toThrow();
  });
});

describe("the action wrappers' guard (runAction)", () => {
  const schema = z.object({ name: z.string(), notes: z.string().optional(), tags: z.array(z.string()) });

  it("answers VALIDATION with the message on the offending field and never calls the handler", async () => {
    const handler = vi.fn();
    const res = await runAction({
      schema,
      input: { name: "Sam\u0000", notes: "fine", tags: ["a", "\uDC00"] },
      requirement: "none",
      getUser: async () => null,
      handler,
    });
    expect(res).toEqual({
      ok: false,
      code: "VALIDATION",
      message: "Please check the highlighted fields.",
      fieldErrors: { name: [CONTROL_CHARACTERS_MESSAGE], "tags.1": [CONTROL_CHARACTERS_MESSAGE] },
      details: undefined,
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("property: any input shape with a bad character anywhere is a field error, never a throw", async () => {
    const handler = vi.fn();
    // Random JSON-like values with one dirty string planted somewhere in them.
    const planted = fc
      .tuple(
        fc.jsonValue({ maxDepth: 3 }),
        fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }),
        dirtyText,
      )
      .map(([base, keys, dirty]) => {
        let value: unknown = dirty;
        for (const k of [...keys].reverse()) value = { [k || "x"]: value };
        return { value: Array.isArray(base) ? [...base, value] : { base, planted: value } };
      });
    await fc.assert(
      fc.asyncProperty(planted, async ({ value }) => {
        const res = await runAction({
          schema: z.unknown(),
          input: value,
          requirement: "none",
          getUser: async () => null,
          handler,
        });
        expect(res.ok).toBe(false);
        if (res.ok) return;
        expect(res.code).toBe("VALIDATION");
        const messages = Object.values(res.fieldErrors ?? {}).flat();
        expect(messages.length).toBeGreaterThan(0);
        expect(new Set(messages)).toEqual(new Set([CONTROL_CHARACTERS_MESSAGE]));
      }),
      { numRuns: 300 },
    );
    expect(handler).not.toHaveBeenCalled();
  });
});

// ---- Every exported input schema of every module, found on disk (a new schema is covered at once) ----

const modulesDir = path.resolve(import.meta.dirname, "../../src/modules");
const schemaFiles = fs.readdirSync(modulesDir).flatMap((m) =>
  fs
    .readdirSync(path.join(modulesDir, m))
    .filter((f) => /^(schemas|.+-schemas)\.ts$/.test(f))
    .map((f) => path.join(modulesDir, m, f)),
);

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

/** A value of the schema's shape whose every string is "ok", or undefined where nothing fits. */
function sample(schema: unknown, depth = 0): unknown {
  if (depth > 8) return undefined;
  const def = defOf(schema);
  const next = (s: unknown) => sample(s, depth + 1);
  switch (def.type) {
    case "string":
    case "template_literal":
      return "ok";
    case "number":
    case "int":
      return 1;
    case "boolean":
      return true;
    case "enum":
      return Object.values(def.entries as Record<string, unknown>)[0];
    case "literal":
      return (def.values as unknown[])[0];
    case "object":
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, unknown>).map(([k, v]) => [k, next(v)]),
      );
    case "array":
      return [next(def.element), next(def.element)];
    case "tuple":
      return (def.items as unknown[]).map(next);
    case "record":
      return { ok: next(def.valueType) };
    case "union":
      return next((def.options as unknown[])[0]);
    case "intersection":
      return Object.assign({}, next(def.left), next(def.right));
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return next(def.innerType);
    case "pipe":
      return defOf(def.in).type === "transform" ? next(def.out) : next(def.in);
    case "lazy":
      return next((def.getter as () => unknown)());
    default:
      return undefined;
  }
}

/** The paths of every string in a sampled value. */
function stringPaths(value: unknown, at: string[] = []): string[][] {
  if (typeof value === "string") return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...at, String(i)]));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]));
  return [];
}

function setAt(value: unknown, at: string[], to: string): unknown {
  if (at.length === 0) return to;
  const [head, ...rest] = at as [string, ...string[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  copy[head] = setAt(copy[head], rest, to);
  return copy;
}

const schemas: { name: string; schema: z.ZodType }[] = [];
for (const file of schemaFiles) {
  const mod = (await import(file)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(mod))
    if (value instanceof z.ZodType)
      schemas.push({ name: `${path.relative(modulesDir, file)} ${name}`, schema: value });
}

describe("every module input schema behind the guard", () => {
  it("finds the schemas (a sanity floor, so a broken glob can't pass vacuously)", () => {
    expect(schemaFiles.length).toBeGreaterThanOrEqual(15);
    expect(schemas.length).toBeGreaterThanOrEqual(60);
    // Most schemas take text: the sampler must reach their string fields, or the fuzz tests nothing.
    const withText = schemas.filter((s) => stringPaths(sample(s.schema)).length > 0);
    expect(withText.length).toBeGreaterThanOrEqual(schemas.length * 0.9);
  });

  it.each(schemas.map((s) => [s.name, s.schema] as const))(
    "%s: a bad character in any string field is that field's error",
    async (_name, schema) => {
      const base = sample(schema);
      const paths = stringPaths(base);
      const handler = vi.fn();
      const run = (input: unknown) =>
        runAction({ schema, input, requirement: "none", getUser: async () => null, handler });
      // The clean sample is never flagged by the guard (whatever the schema then says about it).
      const clean = await run(base);
      if (!clean.ok)
        expect(Object.values(clean.fieldErrors ?? {}).flat()).not.toContain(CONTROL_CHARACTERS_MESSAGE);
      if (paths.length === 0) return;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...paths), dirtyText, async (at, dirty) => {
          handler.mockClear();
          const res = await run(setAt(base, at, dirty));
          expect(res).toMatchObject({
            ok: false,
            code: "VALIDATION",
            fieldErrors: { [at.join(".") || "_form"]: [CONTROL_CHARACTERS_MESSAGE] },
          });
          expect(handler).not.toHaveBeenCalled();
        }),
        { numRuns: Math.min(60, paths.length * 10) },
      );
    },
  );
});

describe("addresses (the request proxy)", () => {
  const run = (url: string, method = "GET") =>
    proxy(new NextRequest(`http://127.0.0.1:3000${url}`, { method }));

  // An absolute Location on the public address (APP_URL): Next's proxy adapter can't parse a relative one.
  const on = (path: string) => new URL(path, getEnv().APP_URL).toString();
  it("sends a page with a control character in its query to the same page without that parameter", async () => {
    const res = await run("/admin/emails?q=%00&status=sent");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(on("/admin/emails?status=sent"));
    for (const q of ["%01", "%1F", "a%00b", "%0B"])
      expect((await run(`/admin/emails?q=${q}`)).headers.get("location")).toBe(on("/admin/emails"));
    expect((await run("/auth/reset-password?token=abc%00")).headers.get("location")).toBe(
      on("/auth/reset-password"),
    );
    expect((await run("/book?%00=1&service=x")).headers.get("location")).toBe(on("/book?service=x"));
  });

  it("answers 400 to such a path, and to a non-GET with such a query", async () => {
    expect((await run("/api/calendar/abc%00")).status).toBe(400);
    expect((await run("/booking/%1Fx")).status).toBe(400);
    expect((await run("/admin/emails?q=%00", "POST")).status).toBe(400);
  });

  it("lets clean addresses through (tabs and newlines in a query are text)", async () => {
    for (const url of ["/admin/emails?q=sam", "/book?service=x&note=a%0Ab%09c", "/", "/caf%C3%A9"]) {
      const res = await run(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("location")).toBeNull();
    }
  });

  it("property: any query with a control character is redirected without it", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), dirtyText, (clean, dirty) => {
        const url = new URL("http://127.0.0.1:3000/admin/emails");
        url.searchParams.set("keep", clean || "x");
        url.searchParams.set("q", dirty);
        const out = uncleanAddress(url);
        // A lone surrogate is encoded as U+FFFD by URLSearchParams: then there is nothing to remove.
        if (out === null) return hasControlCharacters(new URL(url).searchParams.get("q") ?? "") === false;
        expect(out).toBeInstanceOf(URL);
        const params = (out as URL).searchParams;
        expect(params.get("q")).toBeNull();
        for (const [, v] of params) expect(hasControlCharacters(v)).toBe(false);
        return true;
      }),
    );
  });
});
