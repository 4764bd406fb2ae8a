// Integration tests run quietly against a throw-away database per file (see tests/support/db.ts).
process.env.LOG_LEVEL ??= "silent";
process.env.PGLITE_DIR = "memory://";
process.env.EMAIL_RETRY_BASE_SECONDS ??= "0.05";

// The same wiring as the web process and the worker (src/composition): auth's emails, for example.
const { composeApp } = await import("@/composition");
composeApp();
export {};
