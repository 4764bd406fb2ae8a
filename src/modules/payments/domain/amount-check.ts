// A provider's word on what was paid is compared with what we asked for, to the minor unit.

/** Amounts match only exactly, in the same currency (case-insensitive ISO code). */
export function amountMatches(
  expected: { amountMinor: number; currency: string },
  actual: { amountMinor: number | null; currency: string | null },
): boolean {
  return (
    actual.amountMinor === expected.amountMinor &&
    actual.currency !== null &&
    actual.currency.toUpperCase() === expected.currency.toUpperCase()
  );
}
