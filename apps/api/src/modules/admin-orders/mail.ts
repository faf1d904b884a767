import { type CurrencyUnit, formatMinor } from '@shop/contracts/currency';
import { transitionOf } from '@shop/contracts/order-lifecycle';
import type { OrderStatus } from '@shop/contracts/orders';
import type { Mail } from '../../lib/mailer.ts';

/** What every customer mail about an order needs. */
export interface OrderMailInfo {
  number: string;
  email: string;
  storeName: string;
  /** Link to the shopper's orders; null for guest orders (they cannot sign in). */
  ordersUrl: string | null;
  /** The order's currency: every amount of the order is in its minor units. */
  currency: CurrencyUnit;
}

function mail(o: OrderMailInfo, subject: string, body: string[]): Mail {
  const text = [
    'Hello,',
    '',
    ...body,
    ...(o.ordersUrl ? ['', `Your orders: ${o.ordersUrl}`] : []),
    '',
    `— ${o.storeName}`,
  ].join('\n');
  return { to: o.email, subject: `${subject} — ${o.storeName}`, text };
}

/** The customer is mailed at each change staff make to their order. */
export const orderMails = {
  processing: (o: OrderMailInfo) =>
    mail(o, `Your order ${o.number} is being prepared`, [
      `We have started preparing your order ${o.number}. We will write again when it ships.`,
    ]),

  shipped: (o: OrderMailInfo, tracking: string) =>
    mail(o, `Your order ${o.number} has shipped`, [
      `Good news: your order ${o.number} is on its way.`,
      '',
      `Tracking number: ${tracking}`,
    ]),

  delivered: (o: OrderMailInfo) =>
    mail(o, `Your order ${o.number} has been delivered`, [
      `Your order ${o.number} has been delivered. We hope you enjoy it!`,
    ]),

  cancelled: (o: OrderMailInfo, refundedCents: number, method: 'card' | 'pay_later' | null, reason?: string) =>
    mail(o, `Your order ${o.number} has been cancelled`, [
      `We have cancelled your order ${o.number}.`,
      ...(reason ? [`Reason: ${reason}`] : []),
      ...(refundedCents > 0
        ? [
            '',
            method === 'card'
              ? `${formatMinor(refundedCents, o.currency)} has been refunded to your card. It can take a few days to appear on your statement.`
              : `We will return the ${formatMinor(refundedCents, o.currency)} you paid by bank transfer.`,
          ]
        : []),
    ]),

  refunded: (o: OrderMailInfo, amountCents: number, full: boolean, method: 'card' | 'pay_later', reason: string) =>
    mail(o, `Refund of ${formatMinor(amountCents, o.currency)} for your order ${o.number}`, [
      `We have ${full ? 'refunded' : 'partially refunded'} your order ${o.number}: ${formatMinor(amountCents, o.currency)}.`,
      `Reason: ${reason}`,
      '',
      method === 'card'
        ? 'The money goes back to the card you paid with; it can take a few days to appear on your statement.'
        : 'We return the money by bank transfer.',
    ]),

  invoicePaid: (o: OrderMailInfo, invoiceNumber: string, amountCents: number) =>
    mail(o, `Payment received for invoice ${invoiceNumber}`, [
      `Thank you: we have received your payment of ${formatMinor(amountCents, o.currency)} for invoice ${invoiceNumber} (order ${o.number}).`,
    ]),

  reminder: (o: OrderMailInfo, invoiceNumber: string, amountCents: number, dueAt: Date, overdue: boolean) =>
    mail(
      o,
      `${overdue ? 'Overdue' : 'Reminder'}: invoice ${invoiceNumber} for ${formatMinor(amountCents, o.currency)}`,
      [
        overdue
          ? `Invoice ${invoiceNumber} for your order ${o.number} was due on ${dueAt.toISOString().slice(0, 10)} and is still open.`
          : `A friendly reminder that invoice ${invoiceNumber} for your order ${o.number} is due on ${dueAt.toISOString().slice(0, 10)}.`,
        '',
        `Amount due: ${formatMinor(amountCents, o.currency)}`,
        `Due date: ${dueAt.toISOString().slice(0, 10)}`,
      ],
    ),
};

/**
 * The mail of a status move staff make (process, ship, deliver), as the lifecycle's table names it
 * (docs/adr/045-order-lifecycle.md).
 */
export function statusMail(from: OrderStatus, to: OrderStatus, o: OrderMailInfo, tracking: string | null) {
  const kind = transitionOf(from, to)?.mail.staff;
  if (kind === 'processing') return orderMails.processing(o);
  if (kind === 'shipped') return orderMails.shipped(o, tracking ?? '');
  if (kind === 'delivered') return orderMails.delivered(o);
  throw new Error(`the move ${from} → ${to} by staff sends no status mail`);
}
