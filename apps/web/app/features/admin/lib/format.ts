import { formatMoney } from '@shop/contracts/money';

/** Amounts on the wire are decimals (DESIGN §5); the admin shows them as money. */
export const money = (amount: number) => formatMoney(Math.round(amount * 100));

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export const formatDateTime = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;
export const formatDate = (iso: string) => date.format(new Date(iso));

/** `YYYY-MM-DD` of a day `daysAgo` before today (UTC), for the default date ranges. */
export function isoDay(daysAgo = 0, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo));
  return d.toISOString().slice(0, 10);
}
