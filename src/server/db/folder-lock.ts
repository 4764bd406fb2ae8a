import "server-only";
import fs from "node:fs";
import path from "node:path";

export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already open in another process (pid ${pid}). ` +
        `Only one process may open it: stop that process first, or set PGLITE_DIR to another folder, ` +
        `or use PostgreSQL (DATABASE_URL) to run several processes.`,
    );
    this.name = "DatabaseLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes an exclusive, process-wide lock on a folder with an O_EXCL lock file holding our pid. A lock
 * left by a process that no longer exists is taken over. Returns the release function (idempotent).
 */
export function acquireFolderLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "forecourt.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        try {
          if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
      process.on("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number.parseInt(fs.readFileSync(file, "utf8").trim(), 10);
      if (pid === process.pid) throw new DatabaseLockedError(dir, pid);
      if (Number.isFinite(pid) && isAlive(pid)) throw new DatabaseLockedError(dir, pid);
      // Stale: its process is gone. Take it over atomically — only one process can rename the file
      // away; a loser finds the winner's fresh lock on its next attempt.
      const aside = `${file}.stale-${process.pid}-${Date.now()}`;
      try {
        fs.renameSync(file, aside);
      } catch {
        continue; // Someone else moved it first; try again.
      }
      const moved = Number.parseInt(fs.readFileSync(aside, "utf8").trim(), 10);
      if (moved !== pid) {
        // Between our read and our rename another process took the lock over: give it back.
        try {
          fs.linkSync(aside, file);
        } catch {
          // It has already been replaced again; the next attempt sorts it out.
        }
        fs.rmSync(aside, { force: true });
        if (isAlive(moved)) throw new DatabaseLockedError(dir, moved);
        continue;
      }
      fs.rmSync(aside, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
