import { describe, expect, it } from "vitest";
import type { BookingStatus } from "@/lib/enums";
import {
  canTechnicianRemove,
  photoRemovalRefusal,
  purgeRemovedBefore,
  REMOVED_PHOTO_RETENTION_DAYS,
} from "./photo-removal";

const OWN = "You can remove only the photos you took. Ask the office to remove this one.";
const DONE = "This job is finished: its photos are kept. Ask the office if one should be removed.";

describe("photoRemovalRefusal", () => {
  const statuses: BookingStatus[] = ["confirmed", "in_progress", "completed", "cancelled", "no_show"];
  it.each(statuses)("the admin may remove any photo of a %s job", (status) => {
    expect(photoRemovalRefusal({ role: "admin", actorId: "adm", takenBy: "tech", status })).toBeNull();
    expect(photoRemovalRefusal({ role: "admin", actorId: "adm", takenBy: null, status })).toBeNull();
  });

  it.each([
    ["confirmed", "tech", null],
    ["in_progress", "tech", null],
    ["completed", "tech", DONE],
    ["cancelled", "tech", DONE],
    ["no_show", "tech", DONE],
    ["in_progress", "colleague", OWN],
    ["in_progress", null, OWN],
    ["completed", "colleague", OWN],
  ] as [BookingStatus, string | null, string | null][])(
    "a technician, %s job, photo taken by %s → %s",
    (status, takenBy, refusal) => {
      expect(photoRemovalRefusal({ role: "staff", actorId: "tech", takenBy, status })).toBe(refusal);
      expect(canTechnicianRemove({ actorId: "tech", takenBy, status })).toBe(refusal === null);
    },
  );
});

describe("purgeRemovedBefore", () => {
  it(`is ${REMOVED_PHOTO_RETENTION_DAYS} days before now, or the days given`, () => {
    const now = new Date("2031-07-01T03:37:00.000Z");
    expect(REMOVED_PHOTO_RETENTION_DAYS).toBe(180);
    expect(purgeRemovedBefore(now).toISOString()).toBe("2031-01-02T03:37:00.000Z");
    expect(purgeRemovedBefore(now, 1).toISOString()).toBe("2031-06-30T03:37:00.000Z");
  });
});
