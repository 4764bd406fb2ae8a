"use client";

import { YesNoField } from "@/components/ui/form/yes-no-field";
import { SITE_QUESTIONS, type SiteAnswers } from "@/lib/job/site-answers";

/**
 * What the site has, asked the same way everywhere an address is (the wizard, the address book, a phone
 * booking): yes, no or not sure for each, prefilled with the address's last answers. Not answered stays
 * not answered (issue 41 §4).
 */
export function SiteQuestionFields({
  legend,
  values,
  help = "We bring our own water and power; knowing what's there helps us plan.",
}: {
  legend: string;
  values?: Partial<SiteAnswers> | null;
  help?: string;
}) {
  // Answers already given are shown as such; the customer changes what is different.
  const known = Object.values(values ?? {}).some((answer) => answer !== null && answer !== undefined);
  return (
    <fieldset className="mb-4">
      <legend className="font-medium">{legend}</legend>
      <p className="mt-1 text-sm text-ink-muted">
        {known ? `As you told us last time: change anything that's different. ${help}` : help}
      </p>
      <div className="mt-2">
        {SITE_QUESTIONS.map((q) => (
          <YesNoField key={q.key} name={q.key} legend={q.question} defaultValue={values?.[q.key] ?? null} />
        ))}
      </div>
    </fieldset>
  );
}
