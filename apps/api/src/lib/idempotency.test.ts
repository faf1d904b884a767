import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashRequest } from './idempotency.ts';

/** The same value with every object's keys inserted in reverse order. */
function reverseKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reverseKeys);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v)
      .reverse()
      .map(([k, x]) => [k, reverseKeys(x)]),
  );
}

describe('hashRequest', () => {
  it('ignores key order and undefined fields, at every depth', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (obj) => {
        const reordered = reverseKeys(obj);
        expect(hashRequest({ op: 'x', body: reordered, skipped: undefined })).toBe(hashRequest({ body: obj, op: 'x' }));
      }),
    );
  });

  it('tells different requests apart', () => {
    expect(hashRequest({ product_id: 'a', quantity: 1 })).not.toBe(hashRequest({ product_id: 'a', quantity: 2 }));
    expect(hashRequest({ a: '1' })).not.toBe(hashRequest({ a: 1 }));
    expect(hashRequest([1, 2])).not.toBe(hashRequest([2, 1]));
    expect(hashRequest({ op: 'add', body: {} })).not.toBe(hashRequest({ op: 'order', body: {} }));
  });
});
