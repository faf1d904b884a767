import { CARD_BRAND_NAMES } from '@shop/contracts/card-brands';
import type { Order, OrderStatus } from '@shop/contracts/orders';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

export const STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  placed: 'Placed',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

type Invoice = NonNullable<Order['invoice']>;
export const INVOICE_STATUS_LABELS: Record<Invoice['status'], string> = {
  open: 'Open',
  overdue: 'Overdue',
  paid: 'Paid',
  void: 'Void',
};

/** "Visa ending in 4242": all the shop keeps of a card (brand and last 4 digits only). */
export function cardLabel(brand: string | null, last4: string | null): string {
  const name = (brand && CARD_BRAND_NAMES[brand]) || 'Card';
  return last4 ? `${name} ending in ${last4}` : name;
}
