import { describe, expect, it } from 'vitest';
import type { Services } from '../services.ts';
import { contentSecurityPolicy, failingServices } from './plugin.ts';

/** The policy as `directive → sources`. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split('; ').map((d) => {
      const [name, ...values] = d.split(' ');
      return [name, values];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('allows scripts only from self and the given nonce', () => {
    const csp = directives(contentSecurityPolicy('abc123=='));
    expect(csp['script-src']).toEqual(["'self'", "'nonce-abc123=='"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
  });

  it('without Stripe, nothing outside the shop: no Stripe source, frames fall back to self', () => {
    const csp = contentSecurityPolicy('n0nce', { stripe: false });
    expect(csp).toBe(contentSecurityPolicy('n0nce'));
    expect(csp).not.toContain('stripe');
    const d = directives(csp);
    expect(d['connect-src']).toEqual(["'self'"]);
    expect(d['frame-src']).toBeUndefined();
  });

  it('with Stripe, exactly what Stripe.js needs, and everything else as strict', () => {
    const strict = directives(contentSecurityPolicy('n0nce'));
    const d = directives(contentSecurityPolicy('n0nce', { stripe: true }));
    expect(d['script-src']).toEqual(["'self'", "'nonce-n0nce'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(d['frame-src']).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(d['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    const { 'script-src': _s, 'frame-src': _f, 'connect-src': _c, ...rest } = d;
    const { 'script-src': _s2, 'connect-src': _c2, ...strictRest } = strict;
    expect(rest).toEqual(strictRest);
    // Still no inline script without the nonce, and no eval.
    expect(d['script-src']).not.toContain("'unsafe-inline'");
    expect(d['script-src']).not.toContain("'unsafe-eval'");
  });
});

describe('failingServices', () => {
  const services = {
    catalog: { listCategories: async () => ['books'], pageSize: 24 },
    orders: { cardPayments: () => ({ card: 'stripe' }) },
  } as unknown as Services;

  it('throws the lost-connection error at the call, sync or async method alike, and makes no promise', () => {
    const down = failingServices(services);
    for (const call of [() => down.catalog.listCategories(), () => down.orders.cardPayments()]) {
      let result: unknown;
      expect(() => {
        result = call();
      }).toThrow(expect.objectContaining({ code: '08006' }));
      expect(result).toBeUndefined();
    }
  });

  it('passes what is not a method through', () => {
    expect((failingServices(services).catalog as unknown as { pageSize: number }).pageSize).toBe(24);
  });
});
