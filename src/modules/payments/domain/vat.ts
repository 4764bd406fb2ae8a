// VAT on the business's documents (ADR 0040, issue 26): pure arithmetic, in minor units and basis points
// (2000 = 20%). VAT is rounded per line, half away from zero, and the totals are the sums of the lines,
// so a document's net + VAT = gross exactly, line by line and in total.

export type VatLine = {
  description: string;
  netMinor: number;
  /** Basis points: 2000 = 20%. */
  vatRateBp: number;
  vatMinor: number;
  grossMinor: number;
};

export type VatTotals = { netMinor: number; vatMinor: number; grossMinor: number };

/** Rounds half away from zero, so a negative line is the mirror image of the positive one. */
const roundHalfAway = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

function assertRate(rateBp: number) {
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10_000)
    throw new RangeError(`VAT rate out of range: ${rateBp} bp`);
}

/** A VAT-inclusive amount split: vat = round(gross × rate / (10000 + rate)), net = gross − vat. */
export function splitGross(grossMinor: number, rateBp: number): VatTotals {
  assertRate(rateBp);
  const vatMinor = roundHalfAway((grossMinor * rateBp) / (10_000 + rateBp));
  return { netMinor: grossMinor - vatMinor, vatMinor, grossMinor };
}

/** A VAT-exclusive amount: vat = round(net × rate / 10000), gross = net + vat. */
export function splitNet(netMinor: number, rateBp: number): VatTotals {
  assertRate(rateBp);
  const vatMinor = roundHalfAway((netMinor * rateBp) / 10_000);
  return { netMinor, vatMinor, grossMinor: netMinor + vatMinor };
}

/** One document line for a price as the business shows it (with VAT in it, or with VAT on top). */
export function vatLine(
  description: string,
  amountMinor: number,
  rateBp: number,
  pricesIncludeVat: boolean,
): VatLine {
  const split = pricesIncludeVat ? splitGross(amountMinor, rateBp) : splitNet(amountMinor, rateBp);
  return { description, vatRateBp: rateBp, ...split };
}

export function vatTotals(lines: readonly VatTotals[]): VatTotals {
  return lines.reduce(
    (t, l) => ({
      netMinor: t.netMinor + l.netMinor,
      vatMinor: t.vatMinor + l.vatMinor,
      grossMinor: t.grossMinor + l.grossMinor,
    }),
    { netMinor: 0, vatMinor: 0, grossMinor: 0 },
  );
}

export type TaxDocumentKind = "invoice" | "credit_note";

const PREFIX: Record<TaxDocumentKind, string> = { invoice: "INV", credit_note: "CN" };

/** "INV-000001", "CN-000001": the kind's prefix and its sequence number, six digits at least. */
export function documentNumber(kind: TaxDocumentKind, seq: number): string {
  if (!Number.isInteger(seq) || seq < 1) throw new RangeError(`document sequence out of range: ${seq}`);
  return `${PREFIX[kind]}-${String(seq).padStart(6, "0")}`;
}

/** "20%", "12.5%", "0%". */
export const formatVatRate = (rateBp: number) => `${Number((rateBp / 100).toFixed(2))}%`;

export const TAX_DOCUMENT_TITLES: Record<TaxDocumentKind, string> = {
  invoice: "VAT invoice",
  credit_note: "Credit note",
};
