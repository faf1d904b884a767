import { ERROR_ID_PATTERN } from '@shop/contracts/error-reports';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateErrorId } from './error-id.ts';

describe('generateErrorId', () => {
  it('makes IDs the API accepts, for any time from 2000 to 2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (now) => {
        const id = generateErrorId(now);
        expect(id).toMatch(ERROR_ID_PATTERN);
        // The time part reads back as the time it was made.
        expect(Number.parseInt(id.split('-')[1]!, 36)).toBe(now);
      }),
    );
  });

  it('gives two errors in the same millisecond different IDs', () => {
    const ids = new Set(Array.from({ length: 200 }, () => generateErrorId(1_700_000_000_000)));
    expect(ids.size).toBe(200);
  });
});
