"use client";

import type { ReactNode } from "react";
import { Checkbox, TextAreaField } from "@/components/ui/form/form";
import { Legend } from "@/components/ui/form/label";

// Fields asked on more than one step: a guest answers them with their details, a signed-in customer
// with a new address (the site) or on the review (the notes).

/** What the site has: we bring our own water and power, so these only help the team plan. */
export function SiteQuestions({ legend, children }: { legend: string; children?: ReactNode }) {
  return (
    <fieldset className="mb-4">
      <Legend>{legend}</Legend>
      {children}
      <div className="mt-2">
        <Checkbox name="hasWater" label="There's an outside tap we can use" />
        <Checkbox name="hasPower" label="There's a power socket within reach" />
        <Checkbox name="hasCoveredSpace" label="There's covered space (a garage or carport)" />
      </div>
    </fieldset>
  );
}

/** What the customer tells the team about the vehicle or the visit. */
export function TeamNotesField() {
  return (
    <TextAreaField
      name="notes"
      label="Notes for the team"
      required={false}
      rows={3}
      help="Anything we should know about the vehicle or the visit."
    />
  );
}
