import "server-only";
import { fitsNoWorkingDay } from "@/lib/visit-days";
import { formatDuration, localDateOf } from "@/lib/dates";
import type { UserRole } from "@/lib/enums";
import { routes } from "@/lib/routes";
import { loadWorkingDayLimits } from "@/modules/availability/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { wizardHref, wizardQuery, type SearchParams } from "@/modules/wizard/domain/wizard-state";
import { getDb } from "@/server/db";
import { askableDays, MAX_ASKED_DAYS } from "../domain/time-request-rules";
import { resolveAskedVisit, wizardStateOf } from "./asked-visit";
import { visitLinesOf } from "./time-request-emails";

// The "Ask for a time" page (/book/ask, with the wizard's choices in its query): the visit as the wizard
// priced it and why it can't be booked online, and the form. A visitor signs in first (the request is the
// customer's, and the proposal is paid from their account's email); the business's own people don't ask.

export type AskPage =
  | { kind: "team" }
  | { kind: "sign-in"; loginHref: string; registerHref: string; backHref: string }
  | { kind: "visit-changed"; backHref: string }
  | {
      kind: "ask";
      choices: string;
      run: string | null;
      backHref: string;
      visit: ReturnType<typeof visitLinesOf>;
      /** Why it can't be booked online, in a sentence. */
      why: string;
      firstDay: string;
      lastDay: string;
      maxDays: number;
      /** Which typed details the form must send from this tab (saved ones need none). */
      needs: { vehicle: boolean; address: boolean; more: boolean[] };
      contact: { businessName: string; phone: string; email: string };
    };

export async function loadAskPage(
  params: SearchParams,
  viewer: { id: string; role: UserRole } | null,
  now: Date = new Date(),
): Promise<AskPage> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    for (const value of Array.isArray(v) ? v : v === undefined ? [] : [v]) query.append(k, value);
  const state = wizardStateOf(query.toString());
  const choices = wizardQuery({ ...state, month: null, date: null, start: null, step: null, notice: null });
  const backHref = wizardHref(state, { step: "time", month: null, date: null, start: null });
  if (viewer && viewer.role !== "customer") return { kind: "team" };
  if (!viewer) {
    const here = `${routes.askForTime}?${choices}`;
    return {
      kind: "sign-in",
      loginHref: `${routes.login}?next=${encodeURIComponent(here)}`,
      registerHref: routes.register,
      backHref,
    };
  }
  const db = await getDb();
  const settings = await getSettingsOrThrow(db);
  const resolved = await resolveAskedVisit(
    db,
    { customerId: viewer.id, settings, state },
    {},
    { needDetails: false },
  );
  if (!resolved.ok) return { kind: "visit-changed", backHref };
  const { visit, job } = resolved.asked;
  const limits = await loadWorkingDayLimits(db, now);
  const longest = job.spansBreaks === false ? limits.oneStretch : limits.spanning;
  const work = formatDuration(job.durationMinutes);
  const why = fitsNoWorkingDay(job.durationMinutes, job.spansBreaks ?? true, limits)
    ? `This visit takes ${work} of work; our days are ${longest > 0 ? formatDuration(longest) : "shorter"}, so it can't be booked online.`
    : `This visit takes ${work} of work. Tell us the days that suit you and we'll propose a time.`;
  const days = askableDays(localDateOf(now, settings.timeZone), settings.horizonDays);
  return {
    kind: "ask",
    choices,
    run: state.run,
    backHref,
    visit: visitLinesOf({ visit, workMinutes: job.durationMinutes }),
    why,
    firstDay: days.first,
    lastDay: days.last,
    maxDays: MAX_ASKED_DAYS,
    needs: {
      vehicle: !state.vehicle,
      address: !state.address,
      more: state.more.map((m) => !m.vehicle),
    },
    contact: {
      businessName: settings.businessName,
      phone: settings.contactPhone,
      email: settings.contactEmail,
    },
  };
}
