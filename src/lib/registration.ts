/** Vehicle registrations are stored upper case with no spaces: "lb19 xkt" → "LB19XKT". */
export function normaliseRegistration(input: string): string {
  return input.replace(/[\s-]+/g, "").toUpperCase();
}
