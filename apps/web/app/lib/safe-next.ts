/**
 * The `next` parameter of the sign-in pages: where to go after signing in.
 * It comes from the URL, so anyone can write it; only a path on this shop is ever followed, never
 * another site (an open redirect would let a phishing mail borrow the shop's address).
 */

/** A base that no real link resolves against: only what stays on it is a path of ours. */
const PROBE = 'http://shop.invalid';
const MAX_LENGTH = 2000;

export type NextArea = 'storefront' | 'admin';

const inAdmin = (path: string) => path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin?');

/**
 * The same-origin path (pathname, query and hash) `raw` names, or null when it is anything else:
 * absolute or protocol-relative URLs (`https://…`, `//evil.com`), backslashes (`/\evil`, which browsers
 * read as `//`), control characters (a tab or newline is dropped by URL parsers, so `/\t/evil` is
 * `//evil`), or a path that only turns into `//…` once resolved (`/..//evil`). `raw` is the value as
 * URLSearchParams decoded it; encoded variants (`%2F%2Fevil.com`) either fail these rules or stay a
 * harmless path on this shop, since nothing decodes it again.
 *
 * `admin`: only /admin pages (the admin sign-in returns nowhere else); `storefront`: anything but the
 * admin area and the sign-in pages themselves (which would loop).
 */
export function safeNextPath(raw: string | null | undefined, area: NextArea): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE);
  } catch {
    return null;
  }
  if (url.origin !== PROBE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // What resolving made of it must hold the same rules (dot segments can produce `//`).
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  if (area === 'admin') {
    if (!inAdmin(path) || url.pathname.startsWith('/admin/auth/')) return null;
    return path;
  }
  if (inAdmin(path) || url.pathname.startsWith('/auth/') || url.pathname.startsWith('/api/')) return null;
  return path;
}

/** The storefront sign-in page that returns to `from` afterwards (only when `from` is a safe path). */
export function loginHref(from: string): string {
  const next = safeNextPath(from, 'storefront');
  return next && next !== '/' ? `/auth/login?next=${encodeURIComponent(next)}` : '/auth/login';
}

/** The admin sign-in page that returns to the admin page `from` afterwards. */
export function adminLoginHref(from: string): string {
  const next = safeNextPath(from, 'admin');
  return next && next !== '/admin' ? `/admin/auth/login?next=${encodeURIComponent(next)}` : '/admin/auth/login';
}
