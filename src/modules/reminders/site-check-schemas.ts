import { z } from "zod";

// The reminder checklist's answers (the server action's input; never imported by client components —
// zod's eval probe trips the CSP).

export const siteCheckInput = z.object({
  token: z.string().min(1).max(200),
  answer: z.enum(["all_set", "changed"]),
  note: z.string().max(1000, "Keep it under 1,000 characters.").optional(),
});
