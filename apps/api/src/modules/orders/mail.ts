import { addressLines } from '@shop/contracts/address-format';
import { formatAmountIn } from '@shop/contracts/currency';
import { type BankDetails, bankDetailRows, hasBankAccount, paymentReference } from '@shop/contracts/invoices';
import { describeOptions } from '@shop/contracts/line-options';
import type { Order } from '@shop/contracts/orders';
import { REVERSE_CHARGE_NOTE, wireTaxRows } from '@shop/contracts/tax';
import type { Mail } from '../../lib/mailer.ts';
import { cardLabel } from '../payments/index.ts';

/** "2025-01-04 12:00 UTC": a deadline to the minute, the same for every reader. */
export function utcMinute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * The order confirmation mail: order number, lines and totals, as plain text. Anyone can place
 * a guest order to any address, so of what the shopper typed it carries only their own name and
 * shipping address, which the contract keeps to plain lines: no links, e-mail
 * addresses, markup or line breaks. The billing address, phone and name on the card stay on the
 * order for staff. Everything else is the store's own text (product names, options, the code).
 */
export function confirmationMail(
  order: Order,
  storeName: string,
  ordersUrl: string | null,
  payLater: { publicUrl: string; bank: BankDetails | null } = { publicUrl: '', bank: null },
): Mail {
  // Every amount in the order's own currency (docs/adr/050-currencies.md).
  const formatAmount = (amount: number) => formatAmountIn(amount, order.currency);
  const lines = order.lines.map((l) => {
    // Every option and the SKU: what the shopper chose is what staff read and ship.
    const detail = [describeOptions(l.options, ', '), l.sku ? `SKU ${l.sku}` : ''].filter(Boolean).join('; ');
    return `  ${l.quantity} × ${l.name}${detail ? ` (${detail})` : ''} — ${formatAmount(l.line_total)}`;
  });
  const t = order.totals;
  const totals = [
    `  Subtotal: ${formatAmount(t.subtotal)}`,
    ...(t.discount > 0
      ? [`  Discount${order.discount_code ? ` (${order.discount_code})` : ''}: −${formatAmount(t.discount)}`]
      : []),
    `  Shipping (${order.shipping_method_name}): ${t.shipping === 0 ? 'free' : formatAmount(t.shipping)}`,
    ...wireTaxRows(order).map((row) => `  ${row.label}: ${formatAmount(row.amount)}`),
    `  Total: ${formatAmount(t.total)}`,
    ...(order.reverse_charge ? ['', `${REVERSE_CHARGE_NOTE} Your VAT number: ${order.vat_number ?? ''}`] : []),
  ];
  const payment =
    order.payment.method === 'card'
      ? [`Paid with ${cardLabel(order.payment.card_brand, order.payment.card_last4)}.`]
      : [
          `Pay later: invoice ${order.invoice?.number} for ${formatAmount(order.invoice?.amount ?? t.total)}, due ${order.invoice?.due_at.slice(0, 10)}.`,
          // A guest's order holds its items only until then.
          ...(order.pay_by
            ? [`Please pay by ${utcMinute(order.pay_by)}: an order still unpaid then is cancelled.`]
            : []),
          ...transferLines(order, payLater),
        ];
  const address = addressLines(order.shipping_address);
  const text = [
    `Thank you for your order at ${storeName}!`,
    '',
    `Order ${order.number}`,
    ...lines,
    '',
    ...totals,
    '',
    ...payment,
    '',
    'Shipping to:',
    ...address.map((l) => `  ${l}`),
    ...(ordersUrl ? ['', `Your orders: ${ordersUrl}`] : []),
  ].join('\n');
  return { to: order.email, subject: `Your order ${order.number} at ${storeName}`, text };
}

/** A guest's pay-later order was not paid by its deadline and has been cancelled. */
export function holdExpiredMail(order: { number: string; email: string }, storeName: string): Mail {
  const text = [
    `Your order ${order.number} at ${storeName} was not paid in time, so we have cancelled it.`,
    'Its invoice is void: nothing is owed. You are welcome to order again.',
  ].join('\n');
  return { to: order.email, subject: `Your order ${order.number} at ${storeName} has been cancelled`, text };
}

/**
 * Where a pay-later order is paid — the store's account and the reference — and the link to
 * the invoice PDF. The link opens only this invoice, which staff reading the outbox can open from the
 * order anyway, so unlike a reset link it is not hidden from them (a hidden link would also make a
 * failed confirmation impossible to retry).
 */
function transferLines(order: Order, { publicUrl, bank }: { publicUrl: string; bank: BankDetails | null }): string[] {
  if (!order.invoice || order.invoice.status === 'paid' || order.invoice.status === 'void') return [];
  const reference = bank ? paymentReference(bank.payment_reference, order.number) : order.number;
  const account =
    bank && hasBankAccount(bank)
      ? ['Please pay by bank transfer to:', ...bankDetailRows(bank).map((r) => `  ${r.label}: ${r.value}`)]
      : [];
  return [
    ...account,
    `${account.length > 0 ? '  ' : ''}Reference: ${reference}`,
    ...(order.invoice.pdf_url ? [`Your invoice (PDF): ${publicUrl}${order.invoice.pdf_url}`] : []),
  ];
}
