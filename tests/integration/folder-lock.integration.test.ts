import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acquireFolderLock, DatabaseLockedError } from "@/server/db/folder-lock";
import { openDatabase } from "@/server/db/client";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-lock-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the embedded database folder", () => {
  it("can be opened by only one process; a second one fails with a clear message", async () => {
    // Another process holds the lock (it writes its pid exactly as the app does, then waits).
    const child = spawn(process.execPath, [
      "-e",
      `require("fs").mkdirSync(${JSON.stringify(dir)},{recursive:true});require("fs").writeFileSync(${JSON.stringify(path.join(dir, "forecourt.lock"))}, String(process.pid), {flag:"wx"}); console.log("locked"); setTimeout(()=>{}, 60000)`,
    ]);
    await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
    try {
      const err = await openDatabase({ dir }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(DatabaseLockedError);
      expect((err as Error).message).toContain(`already open in another process (pid ${child.pid})`);
    } finally {
      child.kill();
      await new Promise((r) => child.once("exit", r));
    }
  });

  it("takes over a lock left by a process that no longer exists, and keeps data across reopen", async () => {
    const first = await openDatabase({ dir });
    await first.executeSql("CREATE TABLE IF NOT EXISTS kept (v int)");
    await first.executeSql("INSERT INTO kept VALUES (42)");
    await first.close();
    expect(fs.existsSync(path.join(dir, "forecourt.lock"))).toBe(false);
    fs.writeFileSync(path.join(dir, "forecourt.lock"), "999999");
    const second = await openDatabase({ dir });
    const { rows } = await second.executeSql("SELECT v FROM kept");
    expect(rows).toEqual([{ v: 42 }]);
    await second.close();
  });

  it("refuses a second open in the same process, and lets it re-take the lock after a release", () => {
    const lockDir = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-relock-"));
    const release = acquireFolderLock(lockDir);
    expect(() => acquireFolderLock(lockDir)).toThrow(DatabaseLockedError);
    release();
    const again = acquireFolderLock(lockDir);
    again();
    fs.rmSync(lockDir, { recursive: true, force: true });
  });
});
