"use client";

import { TextAreaField } from "@/components/ui/form/form";

// Fields asked on more than one step: a guest answers them with their details, a signed-in customer on
// the review (the notes; the site questions are the accounts module's SiteQuestionFields).

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
