import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';

/** How long a signed invoice link opens the PDF: longer than any invoice term (120 days at most is rare). */
export const INVOICE_LINK_DAYS = 90;
const DAY_SECONDS = 24 * 60 * 60;

/** `<expiry, unix seconds>.<HMAC-SHA256, base64url>`: 43 characters of MAC after the dot. */
const TOKEN_SHAPE = /^(\d{1,12})\.([\w-]{43})$/;

export type LinkCheck = 'valid' | 'invalid' | 'expired';

/**
 * The link a guest opens their invoice PDF with (they cannot sign in to read their order,
 * ADR 003). The token is an HMAC over the order id and an expiry with a key derived from the shop's
 * JWT secret for this purpose only (app.ts), so it cannot be guessed or moved to another order, and
 * nothing is stored: any process of the shop checks it. Compared in constant time; the expiry is read
 * only from a token whose MAC matched, so a forged one is never told apart from an expired one.
 */
export function createInvoiceLinks(key: Buffer, clock: Clock) {
  const mac = (orderId: string, expires: number) =>
    createHmac('sha256', key).update(`invoice-pdf\n${orderId}\n${expires}`).digest();

  function token(orderId: string): string {
    const expires = Math.floor(clock.now().getTime() / 1000) + INVOICE_LINK_DAYS * DAY_SECONDS;
    return `${expires}.${mac(orderId, expires).toString('base64url')}`;
  }

  return {
    token,

    /** The path of the order's invoice PDF that opens without signing in (relative to the shop's address). */
    pdfPath(orderId: string): string {
      return `/api/orders/${encodeURIComponent(orderId)}/invoice.pdf?token=${token(orderId)}`;
    },

    /** Whether `given` opens the invoice of `orderId` now. */
    check(orderId: string, given: string): LinkCheck {
      const parts = TOKEN_SHAPE.exec(given);
      if (!parts) return 'invalid';
      const expires = Number(parts[1]);
      const sent = Buffer.from(parts[2] ?? '', 'base64url');
      const expected = mac(orderId, expires);
      if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return 'invalid';
      return expires * 1000 > clock.now().getTime() ? 'valid' : 'expired';
    },
  };
}
export type InvoiceLinks = ReturnType<typeof createInvoiceLinks>;
