import { resetEnvCache } from "@/env";

/**
 * Environment variables a test sets for a while: `set` remembers each one's value the first time it is
 * changed (undefined deletes it), `restore` puts them all back; both reset the parsed env's cache.
 */
export function envOverrides() {
  const saved: Record<string, string | undefined> = {};
  const put = (k: string, v: string | undefined) => {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  };
  return {
    saved,
    set(values: Record<string, string | undefined>) {
      for (const [k, v] of Object.entries(values)) {
        if (!(k in saved)) saved[k] = process.env[k];
        put(k, v);
      }
      resetEnvCache();
    },
    restore() {
      for (const [k, v] of Object.entries(saved)) put(k, v);
      resetEnvCache();
    },
  };
}
