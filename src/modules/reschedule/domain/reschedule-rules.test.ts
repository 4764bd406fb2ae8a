import { describe, expect, it } from "vitest";
import {
  alreadyDecidedMessage,
  answeredBy,
  canRequestReschedule,
  isLapsed,
  rescheduleCutoff,
  rescheduleExpiry,
} from "./reschedule-rules";

const rules = { rescheduleCutoffHours: 24, rescheduleRequestExpiryHours: 48 };
const start = new Date("2027-01-20T09:00:00Z");
const h = (n: number) => new Date(start.getTime() - n * 3_600_000);

describe("reschedule rules", () => {
  it("the cut-off is the setting's hours before the start", () => {
    expect(rescheduleCutoff(start, rules)).toEqual(h(24));
    expect(rescheduleCutoff(start, { rescheduleCutoffHours: 0 })).toEqual(start);
  });

  it("a confirmed booking before its cut-off with no pending request may ask", () => {
    expect(canRequestReschedule({ status: "confirmed", startsAt: start }, false, rules, h(25))).toEqual({
      ok: true,
    });
  });

  it("at or after the cut-off it may not", () => {
    expect(canRequestReschedule({ status: "confirmed", startsAt: start }, false, rules, h(24))).toMatchObject(
      {
        ok: false,
        reason: "cutoff",
      },
    );
    expect(canRequestReschedule({ status: "confirmed", startsAt: start }, false, rules, h(2))).toMatchObject({
      reason: "cutoff",
    });
  });

  it("a weather day waives the cut-off, not the status or the one pending request", () => {
    const booking = { status: "confirmed" as const, startsAt: start };
    expect(canRequestReschedule(booking, false, rules, h(2), { weather: true })).toEqual({ ok: true });
    expect(canRequestReschedule(booking, true, rules, h(2), { weather: true })).toMatchObject({
      reason: "pending",
    });
    expect(
      canRequestReschedule({ ...booking, status: "cancelled" }, false, rules, h(2), { weather: true }),
    ).toMatchObject({ reason: "status" });
  });

  it("only confirmed bookings, and only one pending request", () => {
    for (const status of ["pending_payment", "awaiting_approval", "cancelled", "in_progress"] as const)
      expect(canRequestReschedule({ status, startsAt: start }, false, rules, h(100))).toMatchObject({
        reason: "status",
      });
    expect(canRequestReschedule({ status: "confirmed", startsAt: start }, true, rules, h(100))).toMatchObject(
      {
        reason: "pending",
        message: expect.stringContaining("Withdraw"),
      },
    );
  });

  it("expires at the earlier of the expiry setting and the cut-off", () => {
    // Far ahead: the setting decides.
    expect(rescheduleExpiry(start, rules, h(200))).toEqual(h(200 - 48));
    // Close: the cut-off decides.
    expect(rescheduleExpiry(start, rules, h(30))).toEqual(h(24));
    expect(rescheduleExpiry(start, rules, h(72))).toEqual(h(24));
    expect(rescheduleExpiry(start, rules, h(73))).toEqual(h(25));
  });

  it("a pending request is lapsed from its expiry instant on; decided ones never are", () => {
    const expiresAt = h(10);
    expect(isLapsed({ status: "pending", expiresAt }, h(11))).toBe(false);
    expect(isLapsed({ status: "pending", expiresAt }, h(10))).toBe(true);
    expect(isLapsed({ status: "declined", expiresAt }, h(1))).toBe(false);
  });

  it("the business answers a customer's request, the customer a counter-offer", () => {
    expect(answeredBy({ counterToId: null })).toBe("business");
    expect(answeredBy({ counterToId: "x" })).toBe("customer");
    expect(answeredBy({ counterToId: null, weatherDayId: "w" })).toBe("customer");
  });

  it("says why a decided request cannot be answered", () => {
    expect(alreadyDecidedMessage("withdrawn")).toContain("withdrew");
    expect(alreadyDecidedMessage("approved")).toContain("already approved");
    expect(alreadyDecidedMessage("expired")).toContain("expired");
  });
});
