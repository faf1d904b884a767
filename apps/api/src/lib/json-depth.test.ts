import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth.ts';

/** The nesting depth of a parsed value: a scalar is 0, `[]` and `{}` are 1. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

describe('nestsDeeperThan', () => {
  it('agrees with the depth of the parsed value for any JSON text and any limit (property)', () => {
    fc.assert(
      fc.property(fc.json({ depthSize: 'medium' }), fc.integer({ min: 0, max: 12 }), (text, max) => {
        expect(nestsDeeperThan(text, max)).toBe(depthOf(JSON.parse(text)) > max);
      }),
      { numRuns: 500 },
    );
  });

  it('ignores brackets and escaped quotes inside strings', () => {
    expect(nestsDeeperThan('{"a":"[[[{{{\\"[[["}', 1)).toBe(false);
    expect(nestsDeeperThan('[[["\\\\"]]]', 2)).toBe(true);
  });

  it('answers a 7,000-level body without recursion', () => {
    expect(nestsDeeperThan(`${'['.repeat(7000)}${']'.repeat(7000)}`, 32)).toBe(true);
  });
});
