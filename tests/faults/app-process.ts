import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

// An app process for the fault and multi-instance suites: started in its own process group (start.mjs
// runs the server as a child; both must go when it is stopped), its output kept for failure messages.

export const ROOT = path.resolve(import.meta.dirname, "../..");

export type AppProcess = { child: ChildProcess; log: () => string; stop: () => void };

export function startProcess(args: string[], env: Record<string, string>): AppProcess {
  let log = "";
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, TEST_DATABASE_URL: "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  return {
    child,
    log: () => log,
    stop: () => {
      if (child.pid && child.exitCode === null)
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // Already gone.
        }
    },
  };
}

export async function until(check: () => Promise<boolean>, ms: number, what: string, log = () => "") {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}\n${log().slice(-2000)}`);
}

/** Throws when something already answers on the port (it would be mistaken for ours). */
export async function assertPortFree(port: number): Promise<void> {
  const taken = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is in use: stop what runs there first`);
}
