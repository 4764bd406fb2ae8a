// Resolves the `server-only` marker to its empty module in plain Node (the worker), without the
// `react-server` condition. That condition would also give the worker React's server-components build,
// in which react-dom/server refuses to render — and the worker renders every email (React Email).
export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: "data:text/javascript,export {};", shortCircuit: true };
  return nextResolve(specifier, context);
}
