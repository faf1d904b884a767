import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickEncoding } from './compression.ts';

describe('pickEncoding', () => {
  it('prefers brotli, honours q-values and refusals', () => {
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('')).toBeUndefined();
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(pickEncoding('GZIP;Q=1, BR;q=1')).toBe('br');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0')).toBeUndefined();
    expect(pickEncoding('gzip;q=0, *')).toBe('br');
    expect(pickEncoding('deflate, gzip;q=nonsense')).toBeUndefined();
  });

  it('never throws on arbitrary headers', () => {
    fc.assert(
      fc.property(fc.string(), (header) => {
        expect([undefined, 'br', 'gzip']).toContain(pickEncoding(header));
      }),
    );
  });

  it('picks a coding the client accepts, and none it weighs lower than the other (RFC 9110 §12.5.3)', () => {
    const weights = fc.dictionary(
      fc.constantFrom('br', 'gzip', 'deflate', 'identity', '*'),
      fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
    );
    fc.assert(
      fc.property(weights, (listed) => {
        const header = Object.entries(listed)
          .map(([name, w]) => (w === undefined ? name : `${name};q=${w / 1000}`))
          .join(', ');
        const weightOf = (name: string) => {
          const w = name in listed ? listed[name] : '*' in listed ? listed['*'] : 0;
          return w === undefined ? 1 : w / 1000;
        };
        const picked = pickEncoding(header);
        if (picked === undefined) {
          expect(weightOf('br')).toBe(0);
          expect(weightOf('gzip')).toBe(0);
        } else {
          const other = picked === 'br' ? 'gzip' : 'br';
          expect(weightOf(picked)).toBeGreaterThan(0);
          expect(weightOf(picked)).toBeGreaterThanOrEqual(weightOf(other));
        }
      }),
    );
  });
});
