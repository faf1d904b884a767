import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createInvoiceLinks, INVOICE_LINK_DAYS } from './links.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('signed invoice links', () => {
  const key = randomBytes(32);

  it('open the invoice of their order until they expire, then no longer', () => {
    const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
    const links = createInvoiceLinks(key, clock);
    const order = randomUUID();
    const token = links.token(order);
    expect(links.check(order, token)).toBe('valid');
    clock.advance(INVOICE_LINK_DAYS * DAY_MS - 1000);
    expect(links.check(order, token)).toBe('valid');
    clock.advance(1000);
    expect(links.check(order, token)).toBe('expired');
  });

  it('put the token in the PDF path of the order', () => {
    const links = createInvoiceLinks(key, manualClock());
    const order = randomUUID();
    const path = links.pdfPath(order);
    expect(path).toMatch(new RegExp(`^/api/orders/${order}/invoice\\.pdf\\?token=\\d+\\.[\\w-]{43}$`));
    expect(links.check(order, path.split('token=')[1] ?? '')).toBe('valid');
  });

  it('do not open another order, nor with another key, a changed expiry or a changed MAC', () => {
    const clock = manualClock();
    const links = createInvoiceLinks(key, clock);
    const order = randomUUID();
    const token = links.token(order);
    const [expires, mac] = token.split('.') as [string, string];
    expect(links.check(randomUUID(), token)).toBe('invalid');
    expect(createInvoiceLinks(randomBytes(32), clock).check(order, token)).toBe('invalid');
    expect(links.check(order, `${Number(expires) + 86_400}.${mac}`)).toBe('invalid');
    const flipped = `${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    expect(links.check(order, `${expires}.${flipped}`)).toBe('invalid');
  });

  it('an expired link is told apart only when its MAC matched: a forged one with a past date is invalid', () => {
    const links = createInvoiceLinks(key, manualClock());
    expect(links.check(randomUUID(), `1.${'A'.repeat(43)}`)).toBe('invalid');
  });

  it('any other text is invalid, never an error', () => {
    const links = createInvoiceLinks(key, manualClock());
    const order = randomUUID();
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expect(links.check(order, text)).toBe('invalid');
      }),
    );
  });
});
