import "server-only";
import { getDatabase, type DatabaseHandle } from "@/server/db";

/** The database handle the realtime hub listens on (the process's shared one). */
export function getRealtimeDatabase(): Promise<DatabaseHandle> {
  return getDatabase();
}
