/**
 * The currency a shopper chose in the header, remembered in a cookie for a year (docs/adr/050-currencies.md).
 * Free of imports: the header and the server read it, and neither may grow the first page's JavaScript.
 */
export const CURRENCY_COOKIE = 'currency';
const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Longer than any cookie header a browser sends for this shop; past it nothing is read. */
const MAX_COOKIE_HEADER = 8_192;

/** The `currency` cookie's value in a Cookie header, or undefined. Linear in the header's length. */
export function chosenCurrencyOf(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader || cookieHeader.length > MAX_COOKIE_HEADER) return undefined;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === CURRENCY_COOKIE) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie value that remembers `code`, or forgets the choice (null). */
export function currencyCookie(code: string | null): string {
  return code
    ? `${CURRENCY_COOKIE}=${code}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`
    : `${CURRENCY_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** The currency this browser chose, when the shop offers it (`offered`); in the browser only. */
export function chosenCurrency(offered: readonly string[]): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const code = chosenCurrencyOf(document.cookie);
  return code !== undefined && offered.includes(code) ? code : undefined;
}
