"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

/**
 * Keeps the summary beside the add-ons step current as boxes are ticked: each change replaces the
 * address bar with the form's choices (staying on this step), and the server renders the new total.
 * Without JavaScript the form still works: the summary updates on Continue.
 */
export function WizardAddonsLive({ path }: { path: string }) {
  const router = useRouter();
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const form = anchor.current?.closest("form");
    if (!form) return;
    const onChange = (event: Event) => {
      if (!(event.target instanceof HTMLInputElement) || event.target.name !== "addons") return;
      const query = new URLSearchParams();
      for (const [name, value] of new FormData(form))
        if (typeof value === "string") query.append(name, value);
      query.set("step", "addons");
      router.replace(`${path}?${query.toString()}`, { scroll: false });
    };
    form.addEventListener("change", onChange);
    return () => form.removeEventListener("change", onChange);
  }, [path, router]);
  return <span ref={anchor} hidden />;
}
