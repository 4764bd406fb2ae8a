/**
 * How a booking is named (pages, lists, emails, the checkout): its package, or, for a visit of several
 * vehicles (ADR 0050), all of them — "2 vehicles: Mini Valet ×2", "3 vehicles: Full Valet, Mini Valet ×2".
 * `packages` are the visit's package lines' names in vehicle order, one per vehicle.
 */
export function visitTitle(packages: readonly string[] | null, fallback = "Booking"): string {
  if (!packages || packages.length === 0) return fallback;
  if (packages.length === 1) return packages[0] ?? fallback;
  const counts = new Map<string, number>();
  for (const name of packages) counts.set(name, (counts.get(name) ?? 0) + 1);
  const named = [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name));
  return `${packages.length} vehicles: ${named.join(", ")}`;
}
