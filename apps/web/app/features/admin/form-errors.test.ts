import { zodResolver } from '@hookform/resolvers/zod';
import { discountCreateBody } from '@shop/contracts/admin-discounts';
import { describe, expect, it } from 'vitest';
import { AdminApiError } from './api/client.ts';
import { firstErrorMessage, issuePath, issuesOf } from './form-errors.ts';

describe('firstErrorMessage', () => {
  it('finds the first message, nested or not, and skips refs', () => {
    expect(firstErrorMessage({})).toBeUndefined();
    expect(firstErrorMessage({ name: { type: 'custom', message: 'Name is required', ref: { message: 'no' } } })).toBe(
      'Name is required',
    );
    expect(
      firstErrorMessage({
        shipping: { standard: { price: { type: 'invalid_type', message: 'Shipping price must be a number' } } },
        tax_rate_percent: { type: 'too_big', message: 'Tax rate must be at most 50 %' },
      }),
    ).toBe('Shipping price must be a number');
    expect(firstErrorMessage({ colors: [undefined, { type: 'custom', message: 'A colour is too long' }] })).toBe(
      'A colour is too long',
    );
  });

  it('names what the API would (its error handler answers with the first issue too)', async () => {
    const resolve = zodResolver(discountCreateBody);
    const options = { fields: {}, shouldUseNativeValidation: false } as const;
    const { errors } = await resolve({ code: 'e2e-x', kind: 'percent', value: 120 }, undefined, options);
    expect(firstErrorMessage(errors)).toBe('A percentage must be a whole number from 1 to 100');
    const blank = await resolve({ code: ' ', kind: 'percent', value: 0 }, undefined, options);
    expect(firstErrorMessage(blank.errors)).toBe('Code is required');
  });
});

describe('issuePath and issuesOf', () => {
  it('read a path dotted under body. (the API) or as a list (zod) alike, list indexes as numbers', () => {
    expect(issuePath('body.zones.0.methods.12.code')).toEqual(['zones', 0, 'methods', 12, 'code']);
    expect(issuePath(['rates', 3, 'rate_percent'])).toEqual(['rates', 3, 'rate_percent']);
    expect(issuePath('')).toEqual([]);
  });

  it('take the 400’s complaints, and nothing from another failure or a malformed one', () => {
    const refused = new AdminApiError('Bad', 400, {
      issues: [{ path: 'body.name', message: 'Zone name is required' }, { path: 3, message: 'x' }, { message: 1 }],
    });
    expect(issuesOf(refused)).toEqual([{ path: 'body.name', message: 'Zone name is required' }]);
    expect(issuesOf(new AdminApiError('Gone', 404))).toEqual([]);
    expect(issuesOf(new Error('network'))).toEqual([]);
  });
});
