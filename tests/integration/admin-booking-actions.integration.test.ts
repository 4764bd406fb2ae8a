import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { BookingStatus } from "@/lib/enums";
import type { AdminBookingVerb } from "@/modules/bookings/domain/admin-booking-actions";
import {
  changeBookingAsAdmin,
  saveInternalNotes,
} from "@/modules/bookings/server/admin/admin-booking-actions";
import { getAdminBookingPage } from "@/modules/bookings/server/admin/admin-booking-view";
import { renderTemplate } from "@/modules/notifications/templates";
import { auditLog, bookings } from "@/server/db/schema";
import { dbKinds } from "../support/db";
import { DAY_MS, NOW, useLifecycle } from "./booking-lifecycle-fixture";

// The admin's buttons on /admin/bookings/{id}: each changes the booking through transitionBooking, audits,
// puts the change on the timeline, tells the customer when the business ends the booking, refuses a page
// that showed another status (writing nothing), and refuses anyone who is not an admin.

const CASES: [AdminBookingVerb, BookingStatus, BookingStatus[], string | null][] = [
  ["approve", "awaiting_approval", ["confirmed"], "booking-confirmed"],
  ["decline", "awaiting_approval", ["declined"], "booking-declined"],
  ["start", "confirmed", ["in_progress"], null],
  ["complete", "confirmed", ["in_progress", "completed"], null],
  ["complete", "in_progress", ["completed"], null],
  ["no_show", "confirmed", ["no_show"], null],
  ["cancel", "confirmed", ["cancelled"], "booking-cancelled"],
  ["cancel", "awaiting_approval", ["cancelled"], "booking-cancelled"],
];

const LATER = new Date(NOW.getTime() + 30 * DAY_MS);

describe.each(dbKinds)("the admin's booking actions, on %s", (kind) => {
  const l = useLifecycle(kind);
  const actor = () => ({ id: l.admin.id, ip: "203.0.113.9" });
  const audits = (bookingId: string) =>
    l.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "booking"), eq(auditLog.entityId, bookingId)));

  it.each(CASES)(
    "%s from %s: the change, its audit row, timeline and email",
    async (verb, from, steps, email) => {
      const booking = await l.bookingIn(from);
      const before = await l.snapshot(booking.id);
      const reason = verb === "decline" || verb === "cancel" ? "Our van broke down." : undefined;
      // A no-show is only possible after the start: act a month later. Start and Complete act at the
      // job's time (ADR 0043: not days before it).
      const now =
        verb === "no_show" ? LATER : verb === "start" || verb === "complete" ? booking.startsAt : NOW;
      const result = await changeBookingAsAdmin(
        l.t.db,
        actor(),
        verb,
        { bookingId: booking.id, from, reason },
        { now },
      );
      expect(result.status).toBe(steps.at(-1));
      const after = await l.snapshot(booking.id);
      expect(after.booking?.status).toBe(steps.at(-1));
      // A cancellation is reported to the business too (its alert is on the timeline, by the system).
      const events = after.events.slice(before.events.length).filter((e) => e.type !== "email_sent");
      if (verb === "cancel")
        expect(after.events.at(-1)).toMatchObject({ type: "email_sent", toValue: "business" });
      expect(events.map((e) => [e.type, e.toValue, e.actorId])).toEqual(
        steps.map((s) => ["status_changed", s, l.admin.id]),
      );
      if (reason) expect(events[0]?.data).toMatchObject({ reason });
      const [audit] = await audits(booking.id);
      expect(audit).toMatchObject({ actorId: l.admin.id, action: `booking.${verb}`, ip: "203.0.113.9" });
      expect(audit?.summary).toMatchObject({ from, to: steps.at(-1) });
      const newMail = after.mail.filter((m) => !before.mail.some((b) => b.id === m.id));
      const toCustomer = newMail.filter((m) => m.to === l.customer.email).map((m) => m.template);
      expect(toCustomer).toEqual(email ? [email] : []);
      expect(after.live.length).toBeGreaterThan(before.live.length);
      if (verb === "cancel")
        expect(after.booking).toMatchObject({ cancellationReason: reason, cancelledBy: l.admin.id });
    },
  );

  it("tells the customer the reason and what was paid, escaped, in the decline and cancel emails", async () => {
    const booking = await l.bookingIn("confirmed");
    await l.t.db.update(bookings).set({ amountPaidMinor: 2500 }).where(eq(bookings.id, booking.id));
    await changeBookingAsAdmin(l.t.db, actor(), "cancel", {
      bookingId: booking.id,
      from: "confirmed",
      reason: "Storm <warning> today",
    });
    const mail = (await l.snapshot(booking.id)).mail.find((m) => m.template === "booking-cancelled");
    const rendered = await renderTemplate("booking-cancelled", mail?.data as never, {
      businessName: "Shine Street",
      contactEmail: "hello@shine.test",
      contactPhone: "020 7946 0000",
      appUrl: "http://localhost",
    });
    expect(rendered.text).toContain("Reason: Storm <warning> today");
    expect(rendered.text).toContain("You paid £25.00. Any refund is issued separately");
    expect(rendered.html).toContain("Storm &lt;warning&gt; today");
    expect(rendered.html).not.toContain("<warning>");
    expect(rendered.text).toMatch(/GMT|BST/);
  });

  it("refuses a page that showed another status, says what it is now, and writes nothing", async () => {
    const booking = await l.bookingIn("cancelled");
    const before = await l.snapshot(booking.id);
    await expect(
      changeBookingAsAdmin(l.t.db, actor(), "approve", { bookingId: booking.id, from: "awaiting_approval" }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: "This booking changed: it is now Cancelled." });
    expect(await l.snapshot(booking.id)).toEqual(before);
    expect(await audits(booking.id)).toEqual([]);
  });

  it("refuses a second press of the same button (no double effect)", async () => {
    const booking = await l.bookingIn("awaiting_approval");
    const input = { bookingId: booking.id, from: "awaiting_approval" as const, reason: "Fully booked." };
    await changeBookingAsAdmin(l.t.db, actor(), "decline", input);
    const once = await l.snapshot(booking.id);
    await expect(changeBookingAsAdmin(l.t.db, actor(), "decline", input)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This booking changed: it is now Declined.",
    });
    expect(await l.snapshot(booking.id)).toEqual(once);
    expect(await audits(booking.id)).toHaveLength(1);
  });

  it("refuses a no-show before the start time, and a change the table does not allow", async () => {
    const booking = await l.bookingIn("confirmed");
    const before = await l.snapshot(booking.id);
    await expect(
      changeBookingAsAdmin(
        l.t.db,
        actor(),
        "no_show",
        { bookingId: booking.id, from: "confirmed" },
        { now: NOW },
      ),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      changeBookingAsAdmin(l.t.db, actor(), "approve", { bookingId: booking.id, from: "confirmed" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await l.snapshot(booking.id)).toEqual(before);
  });

  it("refuses a customer (as if the booking were not there) and writes nothing", async () => {
    const booking = await l.bookingIn("awaiting_approval");
    const before = await l.snapshot(booking.id);
    await expect(
      changeBookingAsAdmin(l.t.db, { id: l.customer.id }, "approve", {
        bookingId: booking.id,
        from: "awaiting_approval",
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      saveInternalNotes(l.t.db, { id: l.customer.id }, { bookingId: booking.id, notes: "mine now" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await l.snapshot(booking.id)).toEqual(before);
    expect(await audits(booking.id)).toEqual([]);
  });

  it("requires a reason to decline or cancel", async () => {
    const booking = await l.bookingIn("awaiting_approval");
    const before = await l.snapshot(booking.id);
    await expect(
      changeBookingAsAdmin(l.t.db, actor(), "decline", {
        bookingId: booking.id,
        from: "awaiting_approval",
        reason: " ",
      }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    expect(await l.snapshot(booking.id)).toEqual(before);
  });

  it("saves internal notes with an audit row, a timeline event and a live event; the page shows them", async () => {
    const booking = await l.bookingIn("confirmed");
    const before = await l.snapshot(booking.id);
    await saveInternalNotes(l.t.db, actor(), { bookingId: booking.id, notes: "  Gate code 4411  " });
    const after = await l.snapshot(booking.id);
    expect(after.booking?.internalNotes).toBe("Gate code 4411");
    expect(after.events.slice(before.events.length).map((e) => [e.type, e.actorId])).toEqual([
      ["note", l.admin.id],
    ]);
    expect(after.live.length).toBeGreaterThan(before.live.length);
    expect((await audits(booking.id)).map((a) => a.action)).toEqual(["booking.internal_notes"]);
    // Saving the same text again is no change.
    await saveInternalNotes(l.t.db, actor(), { bookingId: booking.id, notes: "Gate code 4411" });
    expect((await l.snapshot(booking.id)).events).toHaveLength(after.events.length);

    const page = await getAdminBookingPage(l.t.db, booking.id, NOW);
    expect(page?.internalNotes).toBe("Gate code 4411");
    expect(page?.customer).toMatchObject({ name: "Ada Guest", email: l.customer.email });
    expect(page?.timeline.map((e) => e.what)).toEqual(["Booked — Confirmed", "Internal notes updated"]);
    expect(page?.timeline[1]?.who).toBe("Owner (admin)");
    // Days ahead of the job: Start asks for a reason, and Complete waits for Start (ADR 0043).
    expect(page?.verbs).toEqual(["start", "cancel"]);
    expect(page?.jobClock).toMatchObject({ earlyStart: true, leadMinutes: 60 });
    expect(page?.jobClock.sentence).toMatch(/^This job starts on .+ \(in \d+ days\)\.$/);
    expect(page?.freeable).toBeNull();
  });

  it("shows the timeline in words and the emails sent; an unknown or malformed id is no page", async () => {
    const booking = await l.bookingIn("awaiting_approval");
    await changeBookingAsAdmin(l.t.db, actor(), "decline", {
      bookingId: booking.id,
      from: "awaiting_approval",
      reason: "No team free that day.",
    });
    const page = await getAdminBookingPage(l.t.db, booking.id, NOW);
    expect(page?.timeline.at(-1)).toMatchObject({
      what: "Awaiting approval → Declined",
      why: "No team free that day.",
      who: "Owner (admin)",
    });
    expect(page?.emails.map((e) => [e.what, e.to, e.statusLabel])).toContainEqual([
      "Booking declined",
      l.customer.email,
      "Queued",
    ]);
    expect(page?.verbs).toEqual([]);
    expect(await getAdminBookingPage(l.t.db, "not-a-uuid")).toBeNull();
    expect(await getAdminBookingPage(l.t.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});
