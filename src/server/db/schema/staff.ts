import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bookings } from "./bookings";
import { createdAt, id, instant } from "./columns";
import { uploads } from "./platform";
import { teams } from "./scheduling";

// The technician's day (ADR 0053): which teams (vans, bays) a staff member works in, and the photos taken
// on a job.

/** A staff member works the jobs of these teams. Several teams per person, several people per team. */
// @owner accounts
export const staffTeams = pgTable(
  "staff_teams",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.teamId] }), index("staff_teams_team_idx").on(t.teamId)],
);

/**
 * A before or after photo of a job: the file is an upload (purpose job_photo), re-encoded on the server.
 * Removing one hides it (removed_at, removed_by) — it may be a dispute's evidence; the admin can put it
 * back, and the purge deletes it, row and files, once it has been removed for the retention period.
 */
// @owner staff
export const jobPhotos = pgTable(
  "job_photos",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    uploadId: uuid("upload_id")
      .notNull()
      .unique()
      .references(() => uploads.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"before" | "after">().notNull(),
    takenBy: text("taken_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    removedAt: instant("removed_at"),
    removedBy: text("removed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("job_photos_booking_idx").on(t.bookingId, t.createdAt),
    index("job_photos_removed_idx")
      .on(t.removedAt)
      .where(sql`${t.removedAt} IS NOT NULL`),
    check("job_photos_kind", sql`${t.kind} IN ('before', 'after')`),
  ],
);
