import { z } from "zod";

// What the site has — an outside tap, a power socket, covered space — as the customer answered: yes,
// no, or not answered (null). "Not answered" is never shown as "no": the technician plans on these and
// the site-check email repeats them (issue 41 §4). One reading of a stored answer, one wording of each.

export type SiteAnswer = boolean | null;
export type SiteAnswers = { hasWater: SiteAnswer; hasPower: SiteAnswer; hasCoveredSpace: SiteAnswer };

export const SITE_QUESTIONS = [
  { key: "hasWater", question: "Is there an outside tap we can use?", name: "Water" },
  { key: "hasPower", question: "Is there a power socket within reach?", name: "Power" },
  {
    key: "hasCoveredSpace",
    question: "Is there covered space (a garage or carport)?",
    name: "Covered space",
  },
] as const satisfies readonly { key: keyof SiteAnswers; question: string; name: string }[];

/** A stored or submitted answer: true/"true"/"yes", false/"false"/"no"; anything else is not answered. */
export function toSiteAnswer(value: unknown): SiteAnswer {
  if (value === true || value === "true" || value === "yes") return true;
  if (value === false || value === "false" || value === "no") return false;
  return null;
}

/** The three answers of a stored record (an old one may lack a key: not answered). */
export function siteAnswersOf(record: Partial<Record<keyof SiteAnswers, unknown>>): SiteAnswers {
  return {
    hasWater: toSiteAnswer(record.hasWater),
    hasPower: toSiteAnswer(record.hasPower),
    hasCoveredSpace: toSiteAnswer(record.hasCoveredSpace),
  };
}

/** A form's answer (a radio's "true", "false" or nothing): the schemas of every form that asks. */
export const siteAnswerInput = z.preprocess(toSiteAnswer, z.boolean().nullable());
export const siteAnswersInput = {
  hasWater: siteAnswerInput,
  hasPower: siteAnswerInput,
  hasCoveredSpace: siteAnswerInput,
};

/** "yes" / "no" / "not answered". */
export function siteAnswerWord(answer: SiteAnswer): string {
  return answer === null ? "not answered" : answer ? "yes" : "no";
}

/** "Water: yes · Power: not answered · Covered space: no" — the business's pages and emails. */
export function siteSummary(answers: SiteAnswers): string {
  return SITE_QUESTIONS.map((q) => `${q.name}: ${siteAnswerWord(answers[q.key])}`).join(" · ");
}
