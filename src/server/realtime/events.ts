import type { BookingStatus, EmailStatus } from "@/lib/enums";

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

export type Viewer = { userId: string; role: "customer" | "admin" };

export function canSee(
  viewer: Viewer,
  target: { audience: "admins" | "user"; userId: string | null },
): boolean {
  if (target.audience === "admins") return viewer.role === "admin";
  return target.userId === viewer.userId;
}

export const EVENTS_CHANNEL = "forecourt_events";
export const EVENTS_LOCK_KEY = 727275;
