// Crash points for the fault suite (tests/faults/crash-points.faults.test.ts): with
// FORECOURT_FAULT_POINT set to a point's name, the process kills itself with SIGKILL when it reaches that
// point — no finally blocks, no rollback message to the database, no flushed logs, as a power cut or the
// kernel's OOM killer would. The suite then restarts the process and checks that nothing was lost or done
// twice. Unset (every real deployment), each call is one comparison.
//
// Not in src/env.ts on purpose: it is not configuration, and a deployment must never be able to set it
// by accident through a validated setting with a default.

export const FAULT_POINTS = [
  /** The wizard's final submit has arrived; nothing written yet. */
  "book:submitted",
  /** The booking and its held time have committed; the checkout has not started. */
  "book:reserved",
  /** The provider's checkout exists; our payments row for it has not committed. */
  "checkout:provider-opened",
  /** A payment webhook is being applied, inside its transaction, before the commit. */
  "webhook:applying",
  /** A payment webhook's transaction committed; the provider has not had its 200 yet. */
  "webhook:committed",
  /** The provider accepted a refund; we have not recorded that it did. */
  "refund:provider-accepted",
  /** An approved reschedule has moved the booking inside its transaction, before the commit. */
  "reschedule:approving",
  /** An outbox email is claimed by this worker; nothing sent yet. */
  "email:claimed",
  /** The SMTP server accepted an email; the outbox row is not marked sent yet. */
  "email:smtp-accepted",
] as const;

export type FaultPoint = (typeof FAULT_POINTS)[number];

export function faultPoint(name: FaultPoint): void {
  if (process.env.FORECOURT_FAULT_POINT !== name) return;
  process.kill(process.pid, "SIGKILL");
}
