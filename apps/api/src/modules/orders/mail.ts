import { formatMoney, toCents } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import type { Mail } from '../../lib/mailer.ts';

const money = (amount: number) => formatMoney(toCents(amount));

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** "Visa •••• 4242" */
export function cardLabel(brand: string | null, last4: string | null): string {
  return `${BRANDS[brand ?? ''] ?? 'Card'} •••• ${last4 ?? '????'}`;
}

/** The confirmation mail of issue 4: order number, lines and totals, as plain text. */
export function confirmationMail(order: Order, storeName: string, ordersUrl: string | null): Mail {
  const lines = order.lines.map((l) => {
    const options = [l.color, l.size].filter(Boolean).join(', ');
    return `  ${l.quantity} × ${l.name}${options ? ` (${options})` : ''} — ${money(l.line_total)}`;
  });
  const t = order.totals;
  const totals = [
    `  Subtotal: ${money(t.subtotal)}`,
    ...(t.discount > 0
      ? [`  Discount${order.discount_code ? ` (${order.discount_code})` : ''}: −${money(t.discount)}`]
      : []),
    `  Shipping: ${t.shipping === 0 ? 'free' : money(t.shipping)}`,
    `  Tax: ${money(t.tax)}`,
    `  Total: ${money(t.total)}`,
  ];
  const payment =
    order.payment.method === 'card'
      ? `Paid with ${cardLabel(order.payment.card_brand, order.payment.card_last4)}.`
      : `Pay later: invoice ${order.invoice?.number} for ${money(order.invoice?.amount ?? t.total)}, due ${order.invoice?.due_at.slice(0, 10)}.`;
  const a = order.shipping_address;
  const address = [a.name, a.line1, a.line2, `${a.postal_code} ${a.city}`, a.region, a.country].filter(Boolean);
  const text = [
    `Thank you for your order at ${storeName}!`,
    '',
    `Order ${order.number}`,
    ...lines,
    '',
    ...totals,
    '',
    payment,
    '',
    'Shipping to:',
    ...address.map((l) => `  ${l}`),
    ...(ordersUrl ? ['', `Your orders: ${ordersUrl}`] : []),
  ].join('\n');
  return { to: order.email, subject: `Your order ${order.number} at ${storeName}`, text };
}
