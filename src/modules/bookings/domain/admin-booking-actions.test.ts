import { describe, expect, it } from "vitest";
import { adminVerbsFor } from "./admin-booking-actions";

const START = new Date("2026-12-08T09:30:00Z");
const BEFORE = new Date("2026-12-08T09:29:59Z");

describe("adminVerbsFor", () => {
  it("offers approve, decline and cancel for a request awaiting approval", () => {
    expect(adminVerbsFor("awaiting_approval", START, BEFORE)).toEqual(["approve", "decline", "cancel"]);
  });

  it("offers start and cancel on a confirmed job ahead of its start; complete (the shortcut) and no-show only after it", () => {
    expect(adminVerbsFor("confirmed", START, BEFORE)).toEqual(["start", "cancel"]);
    expect(adminVerbsFor("confirmed", START, new Date(START.getTime() - 3 * 86_400_000))).toEqual([
      "start",
      "cancel",
    ]);
    expect(adminVerbsFor("confirmed", START, START)).toEqual(["start", "complete", "no_show", "cancel"]);
  });

  it("offers complete only once a job is in progress, and nothing on a finished booking", () => {
    expect(adminVerbsFor("in_progress", START, START)).toEqual(["complete"]);
    for (const s of ["completed", "cancelled", "declined", "expired", "no_show"] as const)
      expect(adminVerbsFor(s, START, START)).toEqual([]);
  });

  it("lets an admin confirm a booking still waiting for its payment, or cancel it", () => {
    expect(adminVerbsFor("pending_payment", START, BEFORE)).toEqual(["approve", "cancel"]);
  });
});
