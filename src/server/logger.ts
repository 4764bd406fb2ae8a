import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { getEnv } from "@/env";

type LogContext = { requestId?: string; jobId?: string };

// Request/job context travels with the async call chain so every log line carries its request id
// without threading it through every function.
export const logContext = new AsyncLocalStorage<LogContext>();

const g = globalThis as unknown as { __forecourtLogger?: pino.Logger };

function build(): pino.Logger {
  return pino({
    level: getEnv().LOG_LEVEL,
    base: { app: "forecourt" },
    mixin: () => logContext.getStore() ?? {},
    redact: { paths: ["*.password", "*.token", "*.secret", "req.headers.cookie"], censor: "[redacted]" },
  });
}

export function getLogger(): pino.Logger {
  g.__forecourtLogger ??= build();
  return g.__forecourtLogger;
}

export const logger = new Proxy({} as pino.Logger, {
  get: (_t, prop) => {
    const l = getLogger();
    const v = Reflect.get(l, prop, l);
    return typeof v === "function" ? v.bind(l) : v;
  },
});

export function withLogContext<T>(ctx: LogContext, fn: () => T): T {
  return logContext.run({ ...logContext.getStore(), ...ctx }, fn);
}
