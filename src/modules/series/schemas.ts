import { z } from "zod";
import { dateInput } from "@/lib/field-inputs";
import { MAX_INTERVAL_WEEKS, MIN_INTERVAL_WEEKS, MAX_OCCURRENCES } from "./domain/series-plan";

// Repeat bookings (ADR 0052): what the booking page's form sends. Checked again in the use case.

const bookingId = z.uuid({ error: "This booking could not be found." });
const date = dateInput();
const isoDate = date;

const seriesRule = z.object({
  bookingId,
  intervalWeeks: z.coerce
    .number({ error: "Choose how often." })
    .int("Choose how often.")
    .min(MIN_INTERVAL_WEEKS, "Choose how often.")
    .max(MAX_INTERVAL_WEEKS, `At most every ${MAX_INTERVAL_WEEKS} weeks.`),
  // A last date, or none with "until I end it" (issue 40 §5).
  until: z.union([z.literal(""), isoDate]).default(""),
  openEnded: z.boolean().default(false),
});

/** A last date is needed unless the series runs until it is ended. */
const lastDateNeeded = (v: { until: string; openEnded: boolean }, ctx: z.RefinementCtx) => {
  if (!v.openEnded && v.until === "")
    ctx.addIssue({ code: "custom", path: ["until"], message: "Choose a last date, or until you end it." });
};

export const seriesInput = seriesRule.superRefine(lastDateNeeded);

export const createSeriesInput = seriesRule
  .extend({
    // One answer per date held now: its time (the planned one or an alternative), or "" to skip it.
    choices: z
      .array(
        z.object({
          date,
          start: z.string().transform((v, ctx) => {
            if (v === "") return null;
            const d = new Date(v);
            if (Number.isNaN(d.getTime())) {
              ctx.addIssue({ code: "custom", message: "Choose a time or skip this date." });
              return z.NEVER;
            }
            return d;
          }),
        }),
      )
      .max(MAX_OCCURRENCES),
  })
  .superRefine(lastDateNeeded);

export const seriesIdInput = z.object({
  seriesId: z.uuid({ error: "This repeat booking could not be found." }),
});

export const pauseSeriesInput = z.object({
  seriesId: z.uuid({ error: "This repeat booking could not be found." }),
  from: date,
  until: date,
});

export const changeSeriesInput = z
  .object({
    seriesId: z.uuid({ error: "This repeat booking could not be found." }),
    fromBookingId: bookingId,
    intervalWeeks: seriesRule.shape.intervalWeeks,
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Choose a time, like 09:30."),
    until: seriesRule.shape.until,
    openEnded: seriesRule.shape.openEnded,
  })
  .superRefine(lastDateNeeded);

/** A date of the series the daily job couldn't hold: one of the times offered, or "" to skip it. */
export const holdSeriesDateInput = z.object({
  seriesId: z.uuid({ error: "This repeat booking could not be found." }),
  date,
  start: z.union([
    z.literal(""),
    z.iso.datetime({ offset: true, error: "Choose one of the times offered." }),
  ]),
});
