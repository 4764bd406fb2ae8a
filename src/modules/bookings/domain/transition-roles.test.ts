import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES } from "@/lib/enums";
import { BOOKING_TRANSITIONS, mayTransition, TRANSITION_ROLE_NAMES, transitionSteps } from "./booking-status";

// Who may make which change, written out independently of the table in booking-status.ts: every
// (from, to, role) triple not listed here must be refused.
const allowed = new Set<string>([
  "pending_payment>confirmed:payment",
  "pending_payment>confirmed:admin",
  "pending_payment>expired:system",
  "pending_payment>cancelled:customer",
  "pending_payment>cancelled:admin",
  "awaiting_approval>confirmed:admin",
  "awaiting_approval>declined:admin",
  "awaiting_approval>cancelled:customer",
  "awaiting_approval>cancelled:admin",
  "confirmed>in_progress:admin",
  "confirmed>in_progress:staff",
  "confirmed>cancelled:customer",
  "confirmed>cancelled:admin",
  "confirmed>no_show:admin",
  "in_progress>completed:admin",
  "in_progress>completed:staff",
]);

const triples = BOOKING_STATUSES.flatMap((from) =>
  BOOKING_STATUSES.flatMap((to) => TRANSITION_ROLE_NAMES.map((role) => [from, to, role] as const)),
);

describe("who may make which transition", () => {
  it.each(triples)("%s → %s by %s", (from, to, role) => {
    const may = allowed.has(`${from}>${to}:${role}`);
    expect(mayTransition(from, to, role)).toBe(may);
    const shortcut = from === "confirmed" && to === "completed" && role === "admin";
    expect(transitionSteps(from, to, role)).toEqual(
      may ? [to] : shortcut ? ["in_progress", "completed"] : null,
    );
  });

  it("lists a role for every transition of the table, and no transition outside it", () => {
    for (const from of BOOKING_STATUSES)
      for (const to of BOOKING_STATUSES)
        expect(TRANSITION_ROLE_NAMES.some((role) => mayTransition(from, to, role))).toBe(
          BOOKING_TRANSITIONS[from].includes(to),
        );
  });

  it("lets only an admin complete a confirmed job, through in_progress", () => {
    expect(transitionSteps("confirmed", "completed", "admin")).toEqual(["in_progress", "completed"]);
    // A technician starts the job first (ADR 0053): the timeline says when the work began.
    for (const role of ["customer", "staff", "system", "payment"] as const)
      expect(transitionSteps("confirmed", "completed", role)).toBeNull();
    expect(transitionSteps("awaiting_approval", "completed", "admin")).toBeNull();
  });
});
