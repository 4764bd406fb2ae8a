"use client";

import { lazy, Suspense, useSyncExternalStore } from "react";

// Toasts are for background success ("Service deactivated.") — anything the person must read stays an
// inline Notice (DESIGN.md). Sonner's region is an aria-live list, so toasts are announced.
//
// Sonner is loaded with the first toast, not with the page (ADR 0047): most pages never show one, and a
// guest on `/` should not download it. `toast.success` asks for the toaster and imports sonner; sonner
// hands a toaster that subscribes late the toasts already made, so the first toast shows too.

let wanted = false;
const listeners = new Set<() => void>();

function loadSonner() {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return import("sonner");
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

// A toast is a courtesy: if sonner's chunk can't be fetched (offline), the action's own outcome stands.
const ignore = () => undefined;

const ToasterView = lazy(() => import("./toaster-view"));

/** Mounted once, in the root layout; renders nothing until the first toast. */
export function Toaster() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}

/** Confirm a background success; `error` for failures that need no further reading. */
export const toast = {
  success: (message: string) => void loadSonner().then((s) => s.toast.success(message), ignore),
  error: (message: string) => void loadSonner().then((s) => s.toast.error(message), ignore),
};
