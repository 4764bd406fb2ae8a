import "server-only";

/**
 * What a lower layer must let a higher one do inside its own work, against the arrows of the module
 * graph (ADR 0045): the platform's sign-up emails (accounts writes them), availability's expiry of a
 * booking's hold, accounts' "is this vehicle in a live booking", what happens inside a booking's
 * transition, the reschedule requests' share of a hold expiry, and what other modules erase with an
 * account. Each module that needs a port declares it here by declaration merging —
 * `declare module "@/server/ports" { interface Ports { holdExpiry: HoldExpiry } }` — so the platform
 * imports no module, and the composition root must pass every one of them (`providePorts`, called by
 * composeApp()): a missing port is a type error there, not a silent no-op at run time.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the modules' declarations
export interface Ports {}

// One process-wide slot, not one per module: Next.js compiles the instrumentation hook (where the web
// process composes the app) apart from the route handlers and server actions, so a module-level variable
// set at boot is not the one an action reads.
const g = globalThis as unknown as { __forecourtPorts?: Ports };

/** The composition root hands in the whole set, once per process (idempotent: the same set again). */
export function providePorts(ports: Ports): void {
  g.__forecourtPorts = ports;
}

/** One port. Throws when the process was not composed — failing loudly beats a credit note never issued. */
export function port<K extends keyof Ports>(name: K): Ports[K] {
  const ports = g.__forecourtPorts;
  if (!ports)
    throw new Error(`The app is not composed: call composeApp() (src/composition) before using "${name}".`);
  return ports[name];
}
