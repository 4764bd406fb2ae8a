import { z } from "zod";

// The calendar feed buttons (server actions' inputs; never imported by client components — zod's eval
// probe trips the CSP).

export const calendarFeedInput = z.object({
  kind: z.enum(["admin", "team", "customer", "staff"]),
  teamId: z.string().max(64).optional(),
});

export const calendarFeedIdInput = z.object({ feedId: z.string().min(1).max(64) });
