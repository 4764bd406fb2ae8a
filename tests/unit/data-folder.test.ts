import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { getEnv, resetEnvCache } from "@/env";
import { getSecret } from "@/server/auth/secret";
import { uploadsRoot } from "@/server/storage";

// Issue 10 #7: the generated auth secret lives inside the data folder, private to this user, never in a
// shared parent such as /tmp; uploads default to the data folder too.
const KEYS = ["DATA_DIR", "PGLITE_DIR", "UPLOADS_DIR", "AUTH_SECRET", "DATABASE_URL"] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
const root = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-data-"));
const cwd = process.cwd();

function useEnv(values: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, values);
  resetEnvCache();
}
const mode = (file: string) => fs.statSync(file).mode & 0o777;

let n = 0;
let base = "";
beforeEach(() => {
  base = path.join(root, `case-${++n}`);
  fs.mkdirSync(base);
});
afterEach(() => process.chdir(cwd));
afterAll(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetEnvCache();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("the generated auth secret", () => {
  it("is made inside the PGLITE_DIR folder, private, and read back on the next start", () => {
    const data = path.join(base, "x");
    useEnv({ PGLITE_DIR: data });
    const secret = getSecret();
    expect(fs.existsSync(path.join(base, "auth-secret"))).toBe(false);
    expect(fs.readFileSync(path.join(data, "auth-secret"), "utf8")).toBe(secret);
    expect(mode(path.join(data, "auth-secret"))).toBe(0o600);
    expect(getSecret()).toBe(secret);
  });

  it("is refused, with what to do, when others can read it", () => {
    const data = path.join(base, "x");
    useEnv({ PGLITE_DIR: data });
    getSecret();
    fs.chmodSync(path.join(data, "auth-secret"), 0o644);
    expect(() => getSecret()).toThrow(/can be read or written by others \(mode 644\).*chmod 600/);
  });

  it.runIf(process.getuid?.() === 0)("is refused when another user owns it", () => {
    const data = path.join(base, "x");
    fs.mkdirSync(data);
    fs.writeFileSync(path.join(data, "auth-secret"), "p".repeat(43), { mode: 0o600 });
    fs.chownSync(path.join(data, "auth-secret"), 65534, 65534);
    useEnv({ PGLITE_DIR: data });
    expect(() => getSecret()).toThrow(/belongs to another user/);
  });

  it("is moved from where earlier releases kept it (.data/auth-secret), so sessions stay valid", () => {
    process.chdir(base);
    fs.mkdirSync(".data/pglite", { recursive: true });
    fs.writeFileSync(".data/auth-secret", "old-secret-".padEnd(43, "o"), { mode: 0o600 });
    useEnv({});
    expect(getSecret()).toBe("old-secret-".padEnd(43, "o"));
    expect(getEnv().DATA_DIR).toBe(".data");
    // The default layout already is the data folder: nothing moves.
    expect(fs.existsSync(".data/auth-secret")).toBe(true);

    const data = path.join(base, "custom");
    fs.writeFileSync(path.join(base, "auth-secret"), "parent-secret".padEnd(43, "p"), { mode: 0o600 });
    useEnv({ PGLITE_DIR: data });
    expect(getSecret()).toBe("parent-secret".padEnd(43, "p"));
    expect(fs.existsSync(path.join(base, "auth-secret"))).toBe(false);
    expect(mode(path.join(data, "auth-secret"))).toBe(0o600);
  });

  it("ignores an old secret in a shared parent that others could have planted", () => {
    const planted = path.join(base, "auth-secret");
    fs.writeFileSync(planted, "planted".padEnd(43, "x"), { mode: 0o644 });
    fs.chmodSync(planted, 0o644);
    useEnv({ PGLITE_DIR: path.join(base, "x") });
    const secret = getSecret();
    expect(secret).not.toBe("planted".padEnd(43, "x"));
    expect(fs.existsSync(planted)).toBe(true);
  });
});

describe("the uploads folder", () => {
  it("defaults to the data folder; an explicit UPLOADS_DIR still wins", () => {
    // In an empty folder: a checkout's own ./.data/uploads (left by `npm start` on PostgreSQL or a bench)
    // is an earlier release's folder to uploadsRoot, the next test's case.
    process.chdir(base);
    useEnv({ PGLITE_DIR: path.join(base, "x") });
    expect(uploadsRoot()).toBe(path.join(base, "x", "uploads"));
    useEnv({ DATA_DIR: path.join(base, "d") });
    expect(uploadsRoot()).toBe(path.join(base, "d", "uploads"));
    expect(getEnv().PGLITE_DIR).toBe(path.join(base, "d", "pglite"));
    useEnv({ PGLITE_DIR: path.join(base, "x"), UPLOADS_DIR: path.join(base, "elsewhere") });
    expect(uploadsRoot()).toBe(path.join(base, "elsewhere"));
  });

  it("keeps using ./.data/uploads of an earlier release until the data folder has its own", () => {
    process.chdir(base);
    fs.mkdirSync(".data/uploads/services", { recursive: true });
    useEnv({ PGLITE_DIR: path.join(base, "x") });
    expect(uploadsRoot()).toBe(path.join(base, ".data", "uploads"));
    fs.mkdirSync(path.join(base, "x", "uploads"), { recursive: true });
    expect(uploadsRoot()).toBe(path.join(base, "x", "uploads"));
  });
});
