import { z } from "zod";

// The technician's inputs (ADR 0053). Start and complete reuse the booking page's schemas; these are the
// phone's own: the job's notes, money taken on the day, and a photo's kind.

export const jobNotesInput = z.object({
  bookingId: z.string().uuid(),
  notes: z.string({ error: "Write the job's notes." }).trim().max(2000, "Use at most 2,000 characters."),
});

export const photoIdInput = z.object({ photoId: z.string().uuid() });

export const photoKindInput = z.enum(["before", "after"], {
  error: "Say whether it is a before or an after photo.",
});
