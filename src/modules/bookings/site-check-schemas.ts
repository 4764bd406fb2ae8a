import { z } from "zod";

// The reminder checklist's answers and the calendar feed buttons (server actions' inputs; never imported
// by client components — zod's eval probe trips the CSP).

export const siteCheckInput = z.object({
  token: z.string().min(1).max(200),
  answer: z.enum(["all_set", "changed"]),
  note: z.string().max(1000, "Keep it under 1,000 characters.").optional(),
});

export const calendarFeedInput = z.object({
  kind: z.enum(["admin", "team", "customer"]),
  teamId: z.string().max(64).optional(),
});

export const calendarFeedIdInput = z.object({ feedId: z.string().min(1).max(64) });
