import "server-only";
import { LEAD_TIME_BUCKETS, ratePercent, rateSentence } from "../domain/analytics";
import type { bookingRates, leadTimes, repeatCustomers } from "./analytics";
import type { teamUtilisation } from "./team-utilisation";
import type { ComparePoint, Ctx } from "./analytics-compare";
import { compare, pct, share } from "./analytics-compare";

// The analytics blocks of shares and rates: how far ahead jobs were booked, the cancellation, no-show,
// reschedule and repeat-customer rates, and each team's utilisation.

/** How far ahead jobs were booked. */
export function leadBlockOf(
  c: Ctx,
  lead: Awaited<ReturnType<typeof leadTimes>>,
  leadBefore: Awaited<ReturnType<typeof leadTimes>>,
) {
  const { days, before } = c;
  const leadPoints = LEAD_TIME_BUCKETS.map((b, i) => ({
    label: b.label,
    current: lead.buckets[i] ?? 0,
    previous: leadBefore.buckets[i] ?? 0,
  }));
  const topLead = leadPoints.reduce<ComparePoint | null>(
    (best, p) => (p.current > (best?.current ?? 0) ? p : best),
    null,
  );
  const shortNotice = (lead.buckets[0] ?? 0) + (lead.buckets[1] ?? 0);
  const leadBlock = {
    points: leadPoints,
    summary: topLead
      ? [
          `Most jobs were booked ${topLead.label === "Same day" ? "on the day" : topLead.label === "Next day" ? "the day before" : `${topLead.label} ahead`}: ${topLead.current} of ${lead.total} (${share(topLead.current, lead.total)}).`,
          rateSentence({
            label: "Booked on the day or the day before",
            part: shortNotice,
            whole: lead.total,
            previousPart: (leadBefore.buckets[0] ?? 0) + (leadBefore.buckets[1] ?? 0),
            previousWhole: leadBefore.total,
            days,
            of: "jobs",
          }),
        ]
      : ["No job in this period to measure."],
    table: {
      caption: "How far ahead jobs were booked",
      columns: [
        { label: "Booked ahead", numeric: false },
        { label: "Jobs", numeric: true },
        { label: "Share", numeric: true },
        { label: `Jobs, ${before}`, numeric: true },
        { label: `Share, ${before}`, numeric: true },
      ],
      rows: [
        ...leadPoints.map((p) => [
          p.label,
          String(p.current),
          share(p.current, lead.total),
          String(p.previous),
          share(p.previous, leadBefore.total),
        ]),
        [
          "Total",
          String(lead.total),
          lead.total ? "100.0%" : "—",
          String(leadBefore.total),
          leadBefore.total ? "100.0%" : "—",
        ],
      ],
    },
  };

  return leadBlock;
}

/** Cancellation, no-show, reschedule and repeat-customer rates. */
export function ratesBlockOf(
  c: Ctx,
  now: {
    rates: Awaited<ReturnType<typeof bookingRates>>;
    repeat: Awaited<ReturnType<typeof repeatCustomers>>;
  },
  was: {
    rates: Awaited<ReturnType<typeof bookingRates>>;
    repeat: Awaited<ReturnType<typeof repeatCustomers>>;
  },
) {
  const { days, before } = c;
  const [rates, ratesBefore, repeat, repeatBefore] = [now.rates, was.rates, now.repeat, was.repeat];
  const rateRows = [
    {
      label: "Cancelled",
      part: rates.cancelled,
      was: ratesBefore.cancelled,
      whole: rates.bookings,
      wholeWas: ratesBefore.bookings,
      of: "bookings",
      sentence: "Cancellation rate",
    },
    {
      label: "No-show",
      part: rates.noShows,
      was: ratesBefore.noShows,
      whole: rates.bookings,
      wholeWas: ratesBefore.bookings,
      of: "bookings",
      sentence: "No-show rate",
    },
    {
      label: "Rescheduled",
      part: rates.rescheduled,
      was: ratesBefore.rescheduled,
      whole: rates.bookings,
      wholeWas: ratesBefore.bookings,
      of: "bookings",
      sentence: "Reschedule rate",
    },
    {
      label: "Repeat customers",
      part: repeat.repeat,
      was: repeatBefore.repeat,
      whole: repeat.customers,
      wholeWas: repeatBefore.customers,
      of: "customers",
      sentence: "Repeat-customer rate",
    },
  ];
  const ratesBlock = {
    points: rateRows.map((r) => ({
      label: r.label,
      current: ratePercent(r.part, r.whole) ?? 0,
      previous: ratePercent(r.was, r.wholeWas) ?? 0,
    })),
    summary: rateRows.map((r) =>
      rateSentence({
        label: r.sentence,
        part: r.part,
        whole: r.whole,
        previousPart: r.was,
        previousWhole: r.wholeWas,
        days,
        of: r.of,
      }),
    ),
    table: {
      caption: "Cancellation, no-show, reschedule and repeat-customer rates",
      columns: [
        { label: "Rate", numeric: false },
        { label: "This period", numeric: true },
        { label: "Count", numeric: true },
        { label: `Rate, ${before}`, numeric: true },
        { label: `Count, ${before}`, numeric: true },
      ],
      rows: rateRows.map((r) => [
        r.label,
        share(r.part, r.whole),
        `${r.part} of ${r.whole}`,
        share(r.was, r.wholeWas),
        `${r.was} of ${r.wholeWas}`,
      ]),
    },
  };

  return ratesBlock;
}

/** Utilisation by team. */
export function teamsBlockOf(
  c: Ctx,
  teams: Awaited<ReturnType<typeof teamUtilisation>>,
  teamsBefore: Awaited<ReturnType<typeof teamUtilisation>>,
) {
  const { days, before } = c;
  const util = (r: { bookedMinutes: number; openMinutes: number }) =>
    ratePercent(r.bookedMinutes, r.openMinutes);
  const hours = (m: number) => `${(Math.round(m / 6) / 10).toFixed(1)} h`;
  const teamPoints = compare(
    teams.rows,
    teamsBefore.rows,
    (r) => r.label,
    (r) => util(r) ?? 0,
    (k) => k,
  );
  const beforeByTeam = new Map(teamsBefore.rows.map((r) => [r.label, r]));
  const teamsBlock = {
    points: teamPoints,
    summary: [
      teams.total.openMinutes > 0
        ? rateSentence({
            label: "Utilisation",
            part: teams.total.bookedMinutes,
            whole: teams.total.openMinutes,
            previousPart: teamsBefore.total.bookedMinutes,
            previousWhole: teamsBefore.total.openMinutes,
            days,
            of: "open hours",
            detail: (part, whole) => `${hours(part)} booked of ${hours(whole)} open`,
          })
        : "The opening hours give the teams no open time in this period.",
    ],
    table: {
      caption: "Utilisation by team",
      columns: [
        { label: "Team", numeric: false },
        { label: "Booked", numeric: true },
        { label: "Open", numeric: true },
        { label: "Utilisation", numeric: true },
        { label: `Utilisation, ${before}`, numeric: true },
      ],
      rows: [
        ...teams.rows.map((r) => {
          const b = beforeByTeam.get(r.label);
          const was = b ? util(b) : null;
          return [r.label, hours(r.bookedMinutes), hours(r.openMinutes), pct(util(r)), pct(was)];
        }),
        [
          "Total",
          hours(teams.total.bookedMinutes),
          hours(teams.total.openMinutes),
          pct(util(teams.total)),
          pct(util(teamsBefore.total)),
        ],
      ],
    },
  };

  return teamsBlock;
}
