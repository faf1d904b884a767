/**
 * The currency a shopper chose in the header, remembered in a cookie for a year (docs/adr/050-currencies.md).
 * Free of imports: the header and the server read it, and neither may grow the first page's JavaScript.
 */
export const CURRENCY_COOKIE = 'currency';
const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Longer than any cookie header a browser sends for this shop; past it nothing is read. */
const MAX_COOKIE_HEADER = 8_192;

/** The country the shopper ships to, chosen in the header next to the currency. */
export const SHIP_TO_COOKIE = 'ship_to';

/** Cookie `name`'s value in a Cookie header, or undefined. Linear in the header's length. */
function cookieOf(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader || cookieHeader.length > MAX_COOKIE_HEADER) return undefined;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The `currency` cookie's value in a Cookie header, or undefined. Linear in the header's length. */
export function chosenCurrencyOf(cookieHeader: string | null | undefined): string | undefined {
  return cookieOf(cookieHeader, CURRENCY_COOKIE);
}

/** The `ship_to` cookie's value in a Cookie header, or undefined. Linear in the header's length. */
export function chosenShipToOf(cookieHeader: string | null | undefined): string | undefined {
  return cookieOf(cookieHeader, SHIP_TO_COOKIE);
}

const rememberOrForget = (name: string, value: string | null): string =>
  value
    ? `${name}=${value}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`
    : `${name}=; Path=/; Max-Age=0; SameSite=Lax`;

/** The Set-Cookie value that remembers `code`, or forgets the choice (null). */
export function currencyCookie(code: string | null): string {
  return rememberOrForget(CURRENCY_COOKIE, code);
}

/** The Set-Cookie value that remembers the ship-to country `code`, or forgets it (null). */
export function shipToCookie(code: string | null): string {
  return rememberOrForget(SHIP_TO_COOKIE, code);
}

/** The currency this browser chose, when the shop offers it (`offered`); in the browser only. */
export function chosenCurrency(offered: readonly string[]): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const code = chosenCurrencyOf(document.cookie);
  return code !== undefined && offered.includes(code) ? code : undefined;
}
