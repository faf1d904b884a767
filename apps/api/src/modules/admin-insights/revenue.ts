import { dayRangeBounds } from '@shop/contracts/admin-common';
import { DEFAULT_RANGE_DAYS, type InsightsRangeQuery, rangeDays } from '@shop/contracts/admin-insights';
import { statesWhere } from '@shop/contracts/order-lifecycle';
import { type SQL, sql } from 'drizzle-orm';
import { statusNotIn } from '../../db/order-status.ts';

/**
 * The one definition of revenue (docs/adr/006-revenue.md), as SQL building blocks that the dashboard,
 * the reports and the customers' lifetime value all use. An order counts as a sale unless it still
 * awaits its card payment or was cancelled; it belongs to the day it was placed, in the store's time
 * zone (admin Settings).
 */
export const COUNTED_ORDER = statusNotIn(
  statesWhere((s) => !s.sold),
  sql.raw('o.status'),
);

/** Placed within [start, end). */
export const placedIn = (r: Bounds): SQL => sql`o.created_at >= ${r.start} and o.created_at < ${r.end}`;

/**
 * An amount of order `o`, in its currency, as base minor units: scaled by the order's base total over its
 * total — the rate the order recorded — rounded half up; as it is for an order in the base currency
 * (docs/adr/050-currencies.md). Reports add amounts of different currencies only this way.
 */
export const inBase = (amount: SQL, baseTotal = sql`o.base_total_cents`, total = sql`o.total_cents`): SQL =>
  sql`(case when ${baseTotal} is null or ${total} = 0 then (${amount})::bigint
            else round((${amount})::numeric * ${baseTotal} / ${total})::bigint end)`;

/** `inBase` for an amount of an order of `salesRows` (its lines' amounts). */
export const lineInBase = (amount: SQL): SQL => inBase(amount, sql`s.base_total_cents`, sql`s.own_total_cents`);

/**
 * The counted orders with their refunds, as rows (`o` columns plus `refunded_cents`): the base every
 * figure sums over, in the base currency (`own_total_cents` and `base_total_cents` are for `lineInBase`). Gross = Σ total_cents, refunds = Σ refunded_cents, net
 * revenue = gross − refunds.
 */
export const salesRows = (where: SQL): SQL => sql`(
  select o.id, o.user_id, o.created_at, ${inBase(sql`o.total_cents`)} as total_cents,
         ${inBase(sql`coalesce(p.refunded_cents, 0)`)} as refunded_cents,
         o.base_total_cents, o.total_cents as own_total_cents
    from orders o left join payments p on p.order_id = o.id
   where ${COUNTED_ORDER} and ${where}
)`;

export interface DayRange {
  from: string;
  to: string;
  days: number;
  /** The IANA zone whose midnights bound the days. */
  timeZone: string;
}
export interface Bounds {
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/** Today's date (`YYYY-MM-DD`) on the wall calendar of `timeZone`. */
export const dayIn = (now: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** The query's range with defaults: the last 30 days up to today (in the store's zone, by the shop's clock). */
export function resolveRange(q: InsightsRangeQuery, now: Date, timeZone = 'UTC'): DayRange {
  const today = dayIn(now, timeZone);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  return { from, to, days: rangeDays(from, to), timeZone };
}

/** The range of equal length just before this one. */
export function previousRange(r: DayRange): DayRange {
  return { from: addDays(r.from, -r.days), to: addDays(r.from, -1), days: r.days, timeZone: r.timeZone };
}

export function bounds(r: DayRange): Bounds {
  return dayRangeBounds(r.from, r.to, r.timeZone);
}

/** Percent change with one decimal; null when there is nothing to compare with. */
export function change(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
