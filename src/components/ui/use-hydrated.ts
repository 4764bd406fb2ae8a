import { useSyncExternalStore } from "react";

const noSubscribe = () => () => {};

/**
 * False in the server's HTML and until the page's scripts have run, then true. The server snapshot is
 * what hydration renders, so the switch never causes a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}
