import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminLoginHref, loginHref, type NextArea, safeNextPath } from './safe-next.ts';

const ORIGIN = 'https://shop.example';
const AREAS: NextArea[] = ['storefront', 'admin'];

/** Where a browser would really go if it followed `path` from a page of the shop. */
const followed = (path: string) => new URL(path, `${ORIGIN}/some/page?x=1`);

/** Characters that make up the tricky cases: slashes, backslashes, dots, percent, controls, letters. */
const trickyChar = fc.constantFrom(
  '/',
  '\\',
  '.',
  '%',
  '2',
  'F',
  '5',
  'C',
  ':',
  '@',
  '\t',
  '\n',
  ' ',
  'a',
  'e',
  '?',
  '#',
);
const trickyString = fc.array(trickyChar, { maxLength: 24 }).map((cs) => cs.join(''));

describe('safeNextPath', () => {
  it('never yields a path that leaves the shop, whatever the input (and whether decoded once more)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          trickyString,
          fc.webUrl(),
          fc.webPath(),
          trickyString.map((s) => `/${s}`),
        ),
        fc.constantFrom(...AREAS),
        (raw, area) => {
          for (const candidate of [raw, safeDecode(raw)]) {
            const path = safeNextPath(candidate, area);
            if (path === null) continue;
            expect(path.startsWith('/')).toBe(true);
            expect(path.startsWith('//')).toBe(false);
            expect(path).not.toContain('\\');
            expect(followed(path).origin).toBe(ORIGIN);
            if (area === 'admin') expect(followed(path).pathname.startsWith('/admin')).toBe(true);
            else expect(followed(path).pathname.startsWith('/admin')).toBe(false);
          }
        },
      ),
      { numRuns: 600 },
    );
    // Generous for a busy machine: the property's work, not a time budget.
  }, 30_000);

  it('refuses every absolute or protocol-relative URL', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc.constantFrom(...AREAS),
        (url, area) => {
          expect(safeNextPath(url, area)).toBeNull();
          expect(safeNextPath(url.replace(/^https?:/, ''), area)).toBeNull();
        },
      ),
    );
  });

  it.each([
    '//evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/..//evil.com',
    '/./..//evil.com',
    'https://evil.com/admin',
    'http:evil.com',
    'javascript:alert(1)',
    'evil.com',
    '%2F%2Fevil.com',
    '/%5C%5Cevil.com'.replace('%5C%5C', '\\\\'),
    '',
  ])('refuses %j', (raw) => {
    for (const area of AREAS) expect(safeNextPath(raw, area)).toBeNull();
  });

  it('keeps a path on the shop with its query and hash', () => {
    expect(safeNextPath('/checkout?step=2#pay', 'storefront')).toBe('/checkout?step=2#pay');
    expect(safeNextPath('/wishlist', 'storefront')).toBe('/wishlist');
    expect(safeNextPath('/admin/orders?page=3', 'admin')).toBe('/admin/orders?page=3');
    expect(safeNextPath('/admin', 'admin')).toBe('/admin');
  });

  it('an encoded slash stays a harmless path on the shop', () => {
    expect(safeNextPath('/%2F%2Fevil.com', 'storefront')).toBe('/%2F%2Fevil.com');
    expect(followed('/%2F%2Fevil.com').origin).toBe(ORIGIN);
  });

  it('keeps each sign-in page to its own area and never back to a sign-in page', () => {
    expect(safeNextPath('/admin/orders', 'storefront')).toBeNull();
    expect(safeNextPath('/orders', 'admin')).toBeNull();
    expect(safeNextPath('/administrator', 'admin')).toBeNull();
    expect(safeNextPath('/auth/login?next=/x', 'storefront')).toBeNull();
    expect(safeNextPath('/admin/auth/login', 'admin')).toBeNull();
    expect(safeNextPath('/api/users/me', 'storefront')).toBeNull();
  });
});

describe('login links', () => {
  it('carry the page they come from, encoded, and nothing unsafe', () => {
    expect(loginHref('/checkout?step=2')).toBe('/auth/login?next=%2Fcheckout%3Fstep%3D2');
    expect(loginHref('/')).toBe('/auth/login');
    expect(loginHref('//evil.com')).toBe('/auth/login');
    expect(adminLoginHref('/admin/orders?page=2')).toBe('/admin/auth/login?next=%2Fadmin%2Forders%3Fpage%3D2');
    expect(adminLoginHref('/admin')).toBe('/admin/auth/login');
    expect(adminLoginHref('/orders')).toBe('/admin/auth/login');
  });
});

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
