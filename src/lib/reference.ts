// Booking references: "FC-" + 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L, U).
// 30^6 ≈ 729 million values from a CSPRNG: short enough to read over the phone, not guessable.

export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

export function generateReference(
  randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  let out = "";
  while (out.length < 6) {
    for (const b of randomBytes(12)) {
      // Reject the top of the byte range so every character is equally likely.
      if (b < 240 && out.length < 6) out += REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length];
    }
  }
  return `FC-${out}`;
}

export function isReference(value: string): boolean {
  return new RegExp(`^FC-[${REFERENCE_ALPHABET}]{6}$`).test(value);
}
