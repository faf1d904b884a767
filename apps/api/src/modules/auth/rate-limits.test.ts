import { describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS, scaledLoginAddressLimit } from './rate-limits.ts';

describe('scaledLoginAddressLimit', () => {
  it('is the declared limit at scale 1', () => {
    expect(scaledLoginAddressLimit(1)).toEqual(AUTH_RATE_LIMITS.loginPerAddress);
  });

  it('scales the count as app.ts scales declared limits (rounded), never the window', () => {
    expect(scaledLoginAddressLimit(2.5)).toEqual({ max: 50, timeWindow: 60_000 });
    expect(scaledLoginAddressLimit(1.03)).toEqual({ max: 21, timeWindow: 60_000 });
  });
});
