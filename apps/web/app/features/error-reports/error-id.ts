/** Characters of the random part: digits and upper-case letters, easy to read out on the phone. */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A new error ID such as `ERR-M3K9Q2ZA-7F2A9C` (docs/product.md §2: the error page shows a generated ID): the time
 * in base 36, so support can place it, and six random characters, so two shoppers never share one.
 * The API accepts exactly this form (contracts ERROR_ID_PATTERN).
 */
export function generateErrorId(now: number = Date.now()): string {
  const random = crypto.getRandomValues(new Uint8Array(6));
  const suffix = Array.from(random, (b) => ALPHABET[b % ALPHABET.length]).join('');
  return `ERR-${now.toString(36).toUpperCase()}-${suffix}`;
}
