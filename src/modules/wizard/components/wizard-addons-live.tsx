"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";

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

/**
 * "Add another vehicle": submits the add-ons as they are ticked and opens the further vehicles' step
 * instead of the next one (the form's `step` is switched as the button is pressed).
 */
export function WizardAddVehicleButton() {
  return (
    <Button
      type="submit"
      variant="secondary"
      className="w-full px-5 sm:w-auto"
      onClick={(event) => {
        const step = event.currentTarget.form?.querySelector<HTMLInputElement>('input[name="step"]');
        if (step) step.value = "vehicles";
      }}
    >
      Add another vehicle to this visit
    </Button>
  );
}
