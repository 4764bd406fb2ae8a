import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "@/env";

/**
 * The session-signing secret. Production sets AUTH_SECRET (env.ts refuses to start without it on
 * PostgreSQL). The embedded default makes a random one on first start and keeps it beside the
 * database, so sessions survive restarts and no secret is ever committed.
 */
export function getSecret(): string {
  const env = getEnv();
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.PGLITE_DIR.startsWith("memory://")) return "test-secret-for-in-memory-databases-only-000";
  const file = path.join(path.dirname(path.resolve(env.PGLITE_DIR)), "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("base64url");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}
