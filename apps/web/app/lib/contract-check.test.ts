import { messageBody } from '@shop/contracts/common';
import { placeOrderFailure } from '@shop/contracts/failures';
import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { apiFailureOf, reasonOf, withFailure } from './api-error.ts';
import { asContract, CHECK_ANSWERS, contract } from './contract-check.ts';

const httpError = (status: number, body: unknown) => {
  const request = new Request('http://shop.test/api/orders');
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(response, request, {} as never);
};

describe('answers against the contract', () => {
  it('are checked in tests: a drifted answer throws', () => {
    expect(CHECK_ANSWERS).toBe(true);
    expect(asContract(messageBody, { message: 'Hi' })).toEqual({ message: 'Hi' });
    expect(() => contract(messageBody)({ msg: 'Hi' })).toThrow();
  });
});

describe('apiFailureOf', () => {
  it('reads the reason and its facts, and tells a refusal from a fault', async () => {
    const declined = httpError(402, { message: 'Declined', code: 'PAYMENT_DECLINED', reason: 'card_declined' });
    expect(await apiFailureOf(declined, placeOrderFailure)).toEqual({
      failure: { reason: 'card_declined' },
      message: 'Declined',
      fault: false,
    });
    const limited = httpError(429, {
      message: 'Wait',
      code: 'RATE_LIMITED',
      reason: 'rate_limited',
      retry_after_seconds: 5,
    });
    expect((await apiFailureOf(limited, placeOrderFailure)).failure).toEqual({
      reason: 'rate_limited',
      retry_after_seconds: 5,
    });
    const down = httpError(503, { message: 'Later', code: 'SERVICE_UNAVAILABLE' });
    expect(await apiFailureOf(down, placeOrderFailure)).toEqual({ failure: null, message: 'Later', fault: true });
    expect(await apiFailureOf(new TypeError('offline'), placeOrderFailure)).toEqual({
      failure: null,
      message: undefined,
      fault: true,
    });
  });

  it('throws in tests on a reason the module does not answer with', async () => {
    const odd = httpError(409, { message: 'Odd', code: 'CONFLICT', reason: 'no_such_reason' });
    await expect(apiFailureOf(odd, placeOrderFailure)).rejects.toThrow();
  });
});

describe('withFailure', () => {
  it('attaches the failure so a render can switch on it at once', async () => {
    const missing = httpError(404, { message: 'Order not found', code: 'NOT_FOUND', reason: 'not_found' });
    const error = await withFailure(() => Promise.reject(missing), placeOrderFailure).catch((e: unknown) => e);
    expect(error).toBe(missing);
    expect(reasonOf(error)).toBe('not_found');
    expect(reasonOf(new Error('x'))).toBeUndefined();
  });
});
