import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "@/env";
import { logger } from "@/server/logger";

/**
 * The session-signing secret. Production sets AUTH_SECRET (env.ts refuses to start without it on
 * PostgreSQL). Otherwise a random one is made on first start and kept in the data folder (DATA_DIR, or
 * the PGLITE_DIR the operator chose), so sessions survive restarts and no secret is ever committed. The
 * file must be this user's and private: one that others could read or have planted would let them
 * forge sessions, so the app refuses to start with it.
 */
export function getSecret(): string {
  const env = getEnv();
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.PGLITE_DIR.startsWith("memory://")) return "test-secret-for-in-memory-databases-only-000";
  const dir = path.resolve(env.DATA_DIR);
  const file = path.join(dir, "auth-secret");
  if (fs.existsSync(file)) return readPrivate(file);
  adoptLegacySecret(file);
  if (fs.existsSync(file)) return readPrivate(file);
  const secret = randomBytes(32).toString("base64url");
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // `wx`: never follow or overwrite a file someone slipped in meanwhile.
  fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  return secret;
}

/** Why this file can't be trusted as the secret, or null when it is a private regular file of ours. */
function untrusted(file: string): string | null {
  const st = fs.lstatSync(file);
  if (!st.isFile()) return "is not a regular file";
  if (typeof process.getuid === "function" && st.uid !== process.getuid()) return "belongs to another user";
  if ((st.mode & 0o077) !== 0)
    return `can be read or written by others (mode ${(st.mode & 0o777).toString(8)})`;
  return null;
}

function readPrivate(file: string): string {
  const problem = untrusted(file);
  if (problem) {
    throw new Error(
      `The auth secret ${file} ${problem}. Anyone who can read or replace it can forge sign-ins. ` +
        `Make it yours and private (chmod 600 "${file}"), or delete it to create a new one (everyone is signed out).`,
    );
  }
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32)
    throw new Error(`The auth secret ${file} is too short: delete it to create a new one.`);
  return secret;
}

/**
 * Earlier releases kept the secret beside the data folder (`.data/auth-secret` beside `.data/pglite`, or
 * the parent of a custom PGLITE_DIR). It is moved into the data folder so existing sessions stay valid,
 * but only when it is a private file of ours: a shared parent such as /tmp could hold a planted one.
 */
function adoptLegacySecret(file: string): void {
  const env = getEnv();
  if (env.PGLITE_DIR.startsWith("memory://")) return;
  const legacy = path.join(path.dirname(path.resolve(env.PGLITE_DIR)), "auth-secret");
  if (legacy === file || !fs.existsSync(legacy)) return;
  const problem = untrusted(legacy);
  if (problem) {
    logger.warn({ file: legacy, problem }, "ignoring an old auth secret that is not private to this user");
    return;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.renameSync(legacy, file);
  logger.info({ from: legacy, to: file }, "auth secret moved into the data folder");
}
