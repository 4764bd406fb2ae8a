import type { BookingStatus, EmailStatus, UserRole } from "@/lib/enums";

/** Every live event the product publishes, with its payload. Add new ones here. */
export type LiveEventMap = {
  "booking.updated": { bookingId: string; reference: string; status: BookingStatus };
  "schedule.changed": { from: string; to: string; teamId: string | null };
  "email.status": { emailId: string; status: EmailStatus; template: string };
  "settings.updated": { sections: string[] };
};

export type LiveEventType = keyof LiveEventMap;

export type LiveEvent<T extends LiveEventType = LiveEventType> = {
  id: number;
  type: T;
  payload: LiveEventMap[T];
  at: string;
};

/** Who receives an event: every admin, or exactly one user. */
export type EventTarget = { audience: "admins" } | { audience: "user"; userId: string };

export type Viewer = { userId: string; role: UserRole };

/**
 * Staff see one kind of the admins' events: "the schedule changed" (a time range and a team, no customer
 * data), on which a technician's day reloads its own jobs from the server (ADR 0053).
 */
export const STAFF_EVENT_TYPES: readonly LiveEventType[] = ["schedule.changed"];

export function canSee(
  viewer: Viewer,
  target: { audience: "admins" | "user"; userId: string | null; type?: string },
): boolean {
  if (target.audience === "admins")
    return (
      viewer.role === "admin" ||
      (viewer.role === "staff" && STAFF_EVENT_TYPES.includes(target.type as LiveEventType))
    );
  return target.userId === viewer.userId;
}

export const EVENTS_CHANNEL = "forecourt_events";
export const EVENTS_LOCK_KEY = 727275;
