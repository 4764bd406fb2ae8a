// UK postcodes (the first country supported): validation, normalisation ("sw98ab" → "SW9 8AB"), and
// matching against service-zone prefixes, where the most specific (longest) prefix wins.

const UK_POSTCODE = /^([A-Z]{1,2}[0-9][0-9A-Z]?)([0-9][A-Z]{2})$/;

/** "sw98ab", " SW9  8ab " → "SW9 8AB"; null when it is not a valid UK postcode. */
export function normaliseUkPostcode(input: string): string | null {
  const compact = input.replace(/\s+/g, "").toUpperCase();
  const m = UK_POSTCODE.exec(compact);
  return m ? `${m[1]} ${m[2]}` : null;
}

/** The outward code ("SW9") of a normalised postcode. */
export function outwardCode(postcode: string): string {
  return postcode.split(" ")[0] ?? postcode;
}

/** Normalises a zone prefix as an admin typed it: "sw9" → "SW9", "se" → "SE", "sw9 8" → "SW9 8". */
export function normaliseZonePrefix(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, " ");
}

const AREA = /^[A-Z]{1,2}$/;
const DISTRICT = /^[A-Z]{1,2}[0-9][0-9A-Z]?$/;
const SECTOR = /^[A-Z]{1,2}[0-9][0-9A-Z]? [0-9]$/;

export function isValidZonePrefix(prefix: string): boolean {
  const p = normaliseZonePrefix(prefix);
  return AREA.test(p) || DISTRICT.test(p) || SECTOR.test(p);
}

/**
 * Whether a normalised postcode falls under a prefix: an area ("SE") matches every district of that
 * area (but "S" does not match "SE"), a district ("SW1") matches itself and its lettered
 * sub-districts ("SW1A") but not "SW11", a sector ("SW9 8") matches postcodes starting with it.
 */
export function prefixMatches(postcode: string, prefix: string): boolean {
  const p = normaliseZonePrefix(prefix);
  const outward = outwardCode(postcode);
  if (AREA.test(p)) return /^[A-Z]+/.exec(outward)?.[0] === p;
  if (DISTRICT.test(p))
    return outward === p || (outward.startsWith(p) && /^[A-Z]$/.test(outward.slice(p.length)));
  if (SECTOR.test(p)) return postcode.startsWith(p);
  return false;
}

/** The zone whose matching prefix is the longest (most specific), or null when none covers it. */
export function matchZone<Z extends { postcodePrefixes: string[] }>(
  postcode: string,
  zones: readonly Z[],
): Z | null {
  let best: { zone: Z; length: number } | null = null;
  for (const zone of zones) {
    for (const prefix of zone.postcodePrefixes) {
      const p = normaliseZonePrefix(prefix);
      if (prefixMatches(postcode, p) && (!best || p.length > best.length)) best = { zone, length: p.length };
    }
  }
  return best?.zone ?? null;
}
