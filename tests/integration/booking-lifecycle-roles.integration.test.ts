import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR, type TransitionActor } from "@/modules/bookings/server/transition-booking";
import { bookings } from "@/server/db/schema";
import { insertUser } from "@tests/factories";
import { dbKinds } from "../support/db";
import { NOW, useLifecycle } from "./booking-lifecycle-fixture";

// Who may make which change (ADR 0014; the full table is unit-tested in domain/transition-roles.test.ts):
// through the one path, a change asked by the wrong kind of actor, or by a customer for a booking that
// is not theirs, is refused and writes nothing; the admin's one shortcut passes through in_progress.

describe.each(dbKinds)("who may change a booking, on %s", (kind) => {
  const l = useLifecycle(kind);
  const { bookingIn, snapshot, run } = l;

  it.each([
    ["awaiting_approval", "confirmed", "customer"],
    ["awaiting_approval", "declined", "customer"],
    ["confirmed", "in_progress", "customer"],
    ["confirmed", "no_show", "customer"],
    ["in_progress", "completed", "customer"],
    ["awaiting_approval", "confirmed", "payment"],
    ["pending_payment", "expired", "customer"],
    ["pending_payment", "expired", "admin"],
    ["pending_payment", "cancelled", "system"],
    ["confirmed", "cancelled", "system"],
  ] as const)("refuses %s → %s asked by the %s, and changes nothing", async (from, to, role) => {
    const booking = await bookingIn(from);
    const before = await snapshot(booking.id);
    const actor: TransitionActor =
      role === "customer"
        ? l.asCustomer
        : role === "admin"
          ? l.admin
          : role === "system"
            ? SYSTEM_ACTOR
            : { role };
    await expect(run({ bookingId: booking.id, to, actor, reason: "Not yours to do." })).rejects.toMatchObject(
      {
        code: "CONFLICT",
      },
    );
    expect(await snapshot(booking.id)).toEqual(before);
  });

  it("lets a customer act on their own booking only", async () => {
    const stranger = await insertUser(l.t.db, { name: "Someone Else" });
    const booking = await bookingIn("confirmed");
    const before = await snapshot(booking.id);
    await expect(
      run({
        bookingId: booking.id,
        to: "cancelled",
        actor: { id: stranger.id, role: "customer" },
        reason: "Not mine.",
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await snapshot(booking.id)).toEqual(before);
    await run({ bookingId: booking.id, to: "cancelled", actor: l.asCustomer, reason: "Plans changed." });
    expect((await snapshot(booking.id)).booking).toMatchObject({
      status: "cancelled",
      cancelledBy: l.customer.id,
    });
  });

  it("lets an admin complete a confirmed job in one step, through in_progress on the timeline", async () => {
    const booking = await bookingIn("confirmed");
    const before = await snapshot(booking.id);
    const result = await run({ bookingId: booking.id, to: "completed", actor: l.admin, reason: "Job done." });
    expect(result.steps).toEqual(["in_progress", "completed"]);
    const after = await snapshot(booking.id);
    expect(after.booking).toMatchObject({ status: "completed", completedAt: NOW });
    // The time it was booked for stays taken (ADR 0043).
    expect(after.allocation?.status).toBe("completed");
    expect(after.events.slice(before.events.length).map((e) => [e.fromValue, e.toValue, e.actorId])).toEqual([
      ["confirmed", "in_progress", l.admin.id],
      ["in_progress", "completed", l.admin.id],
    ]);
    const newLive = after.live.slice(before.live.length);
    expect(newLive.map((e) => (e.payload as { status: string }).status)).toEqual(["completed", "completed"]);

    // A l.customer (or the system) may not skip the start.
    const other = await bookingIn("confirmed");
    await expect(
      run({ bookingId: other.id, to: "completed", actor: l.asCustomer, reason: "x" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    for (const role of ["system", "payment"] as const)
      await expect(
        run({ bookingId: other.id, to: "completed", actor: { role }, reason: "x" }),
      ).rejects.toMatchObject({ code: "CONFLICT" });
    const [still] = await l.t.db.select().from(bookings).where(eq(bookings.id, other.id));
    expect(still?.status).toBe("confirmed");
  });
});
