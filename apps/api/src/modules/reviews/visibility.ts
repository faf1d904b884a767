import { statesWhere } from '@shop/contracts/order-lifecycle';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { statusIn } from '../../db/order-status.ts';

const qoStatus = sql.raw('qo.status');

/**
 * Which purchases let a customer review a product, and keep the review counted.
 *
 * A purchase qualifies when the store has the money or the customer has the goods: an order that is
 * `paid`, `shipped` or `delivered` (a pay-later order may ship before it is paid), or `processing`
 * with its payment taken. Not one still waiting for its card or pay-later payment, not a cancelled
 * or fully refunded one (a partial refund keeps the order's status, and so the review).
 *
 * A review is shown and counted only while its author has a qualifying purchase of the product. The
 * list checks this at read time; the product's figures (average, count: listing, rating sort, the
 * product page and its JSON-LD) are recomputed from the same condition in the transaction of every
 * change that can move it, so the two never disagree and nothing is kept that could drift.
 */
export function qualifyingPurchase(userId: AnyColumn | SQL | string, productId: AnyColumn | SQL | string): SQL {
  return sql`exists (
    select 1 from order_lines qol join orders qo on qo.id = qol.order_id
    where qo.user_id = ${userId} and qol.product_id = ${productId}
      and (${statusIn(
        statesWhere((s) => s.reviews === 'yes'),
        qoStatus,
      )}
        or (${statusIn(
          statesWhere((s) => s.reviews === 'when_paid'),
          qoStatus,
        )} and exists (
          select 1 from payments qp
          where qp.order_id = qo.id and qp.status in ('succeeded', 'partially_refunded'))))
  )`;
}

/** The condition on a `reviews` row (aliased `r`) that it is shown and counted. */
const reviewCounts = qualifyingPurchase(sql`r.user_id`, sql`r.product_id`);

/**
 * Recomputes the rating figures of `productIds` (a subquery of ids): the seeded base (ratings given
 * before written reviews existed) plus every review that counts now. Idempotent; run it inside the
 * transaction that changed a review or a purchase.
 */
async function refresh(ex: Db | Tx, productIds: SQL) {
  await ex.execute(sql`
    update products p set
      rating_sum = p.rating_base_sum + v.total,
      rating_count = p.rating_base_count + v.n,
      rating_average = case when p.rating_base_count + v.n = 0 then 0
        else round((p.rating_base_sum + v.total)::numeric / (p.rating_base_count + v.n), 2) end
    from (
      select pr.id,
        coalesce(sum(r.rating) filter (where ${reviewCounts}), 0)::int as total,
        (count(r.id) filter (where ${reviewCounts}))::int as n
      from products pr left join reviews r on r.product_id = pr.id
      where pr.id in (${productIds})
      group by pr.id
    ) v
    where p.id = v.id`);
}

/** After a review was written: its product's figures. */
export function refreshProductRatings(ex: Db | Tx, productId: string) {
  return refresh(ex, sql`select ${productId}::uuid`);
}

/**
 * After an order was cancelled, refunded in full, paid or shipped: the figures of the products in
 * it that its customer has reviewed (for everyone else nothing can have moved, and nothing is written).
 */
export function refreshRatingsOfOrder(tx: Tx, orderId: string) {
  return refresh(
    tx,
    sql`select ol.product_id from order_lines ol
        join orders o on o.id = ol.order_id
        join reviews rv on rv.product_id = ol.product_id and rv.user_id = o.user_id
        where o.id = ${orderId}::uuid`,
  );
}

/** After a bulk load of reviews (the demo seed): the figures of every reviewed product, in one statement. */
export function refreshReviewedProductRatings(ex: Db | Tx) {
  return refresh(ex, sql`select distinct product_id from reviews`);
}
