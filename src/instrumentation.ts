// Next.js calls register() once when a server process starts. Only the Node.js runtime opens the
// database; the build never does (pages are rendered on request).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { bootServer } = await import("./composition/boot");
  await bootServer();
}
