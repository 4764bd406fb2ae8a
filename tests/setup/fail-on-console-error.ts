import { afterEach, vi } from "vitest";

// An unexpected console.error is a failing test (a swallowed error is a bug waiting to happen).
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length)
    throw new Error(`console.error was called ${seen.length} time(s): ${String(seen[0]?.[0])}`);
});
export { vi };
