import { type OrderActor, sourcesOf } from '@shop/contracts/order-lifecycle';
import { ORDER_STATUSES, type OrderStatus } from '@shop/contracts/orders';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { orders } from './schema.ts';

/**
 * `('paid', 'shipped')`: a list of order statuses taken from the order lifecycle
 * (`@shop/contracts/order-lifecycle`), never written by hand in a query. The values come from the
 * closed enum, not from input, so they are written as literals (a plan reads them like the enum's own).
 */
export function statusList(statuses: readonly OrderStatus[]): SQL {
  if (statuses.length === 0) throw new Error('an empty list of order statuses');
  for (const s of statuses) if (!ORDER_STATUSES.includes(s)) throw new Error(`not an order status: ${s}`);
  return sql.raw(`(${statuses.map((s) => `'${s}'`).join(', ')})`);
}

/** `status in (…)` on `orders.status`, or on an aliased column (`sql.raw('o.status')`). */
export function statusIn(statuses: readonly OrderStatus[], column: AnyColumn | SQL = orders.status): SQL {
  return sql`${column} in ${statusList(statuses)}`;
}

/** `status not in (…)`, as `statusIn`. */
export function statusNotIn(statuses: readonly OrderStatus[], column: AnyColumn | SQL = orders.status): SQL {
  return sql`${column} not in ${statusList(statuses)}`;
}

/**
 * The condition every status update carries: the order is in a state `by` may move it to `to` from.
 * A move the lifecycle does not hold matches no row (and one nobody may make at all throws).
 */
export function mayMove(to: OrderStatus, by: OrderActor): SQL {
  const from = sourcesOf(to, by);
  if (from.length === 0) throw new Error(`the order lifecycle lets ${by} move no order to ${to}`);
  return statusIn(from);
}
