-- The overlap guard: no two allocations of the same team may overlap while both hold time.
-- Holding statuses are listed explicitly; `expired` and `released` rows never conflict. Expiry is a status
-- change made by a job or by a reserving use case, never a clock inside the constraint.
-- `coalesce(booking_id, id) WITH <>`: rows of one booking (the booking and its pending reschedule hold)
-- never conflict with each other, so a booking can be moved to a time overlapping its current one; a
-- block has no booking, so its own id keeps it in conflict with everything else.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_no_overlap"
  EXCLUDE USING gist ("team_id" WITH =, (coalesce("booking_id", "id")) WITH <>, "during" WITH &&)
  WHERE ("status" IN ('pending_payment', 'awaiting_approval', 'confirmed', 'in_progress', 'pending_reschedule', 'block'));
--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_during_bounded"
  CHECK (NOT isempty("during") AND NOT lower_inf("during") AND NOT upper_inf("during"));
--> statement-breakpoint
-- Looking up what a team holds in a window (availability, schedule) uses the same gist index shape.
CREATE INDEX IF NOT EXISTS "allocations_holding_during_idx" ON "allocations" USING gist ("during")
  WHERE ("status" IN ('pending_payment', 'awaiting_approval', 'confirmed', 'in_progress', 'pending_reschedule', 'block'));
