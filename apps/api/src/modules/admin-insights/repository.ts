import type { CustomersQuery, Group } from '@shop/contracts/admin-insights';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { refreshFamilies, users } from '../../db/schema.ts';
import { unpaidCardAttempt } from '../payments/index.ts';
import {
  type Bounds,
  bounds,
  COUNTED_ORDER,
  type DayRange,
  inBase,
  lineInBase,
  placedIn,
  salesRows,
} from './revenue.ts';

const ATTEMPT = unpaidCardAttempt('p');

async function rows<T>(ex: Db | Tx, query: SQL): Promise<T[]> {
  return (await ex.execute(query)).rows as T[];
}

/**
 * The SQL of the dashboard, reports and customers: raw rows, every sum over the counted
 * sales of revenue.ts (ADR 006). The service turns them into figures and answers.
 */
export const insightsRepository = {
  figures(db: Db, b: Bounds) {
    return rows<{ orders: number; gross: string; refunds: string; new_customers: number }>(
      db,
      sql`
      select count(*)::int as orders, coalesce(sum(s.total_cents), 0)::bigint as gross,
             coalesce(sum(s.refunded_cents), 0)::bigint as refunds,
             (select count(*)::int from users u where u.role = 'customer'
                and u.created_at >= ${b.start} and u.created_at < ${b.end}) as new_customers
        from ${salesRows(placedIn(b))} s`,
    );
  },

  periods(db: Db, r: DayRange, group: Group) {
    const b = bounds(r);
    const unit = sql.raw(`'${group}'`);
    return rows<{ period: string; orders: number; gross: string; refunds: string }>(
      db,
      sql`
      with series as (
        select generate_series(date_trunc(${unit}, ${r.from}::timestamp), ${r.to}::timestamp,
                               ${`1 ${group}`}::interval) as period
      ), sums as (
        select date_trunc(${unit}, s.created_at at time zone ${r.timeZone}) as period, count(*)::int as orders,
               sum(s.total_cents)::bigint as gross, sum(s.refunded_cents)::bigint as refunds
          from ${salesRows(placedIn(b))} s group by 1
      )
      select to_char(series.period, 'YYYY-MM-DD') as period, coalesce(sums.orders, 0) as orders,
             coalesce(sums.gross, 0) as gross, coalesce(sums.refunds, 0) as refunds
        from series left join sums on sums.period = series.period
       order by series.period`,
    );
  },

  customers(db: Db, where: SQL, order: SQL, limit: number, offset: number) {
    return rows<{
      id: string;
      first_name: string;
      last_name: string;
      email: string;
      username: string;
      disabled: boolean;
      created_at: Date;
      orders: number;
      value: string;
      last_order_at: Date | null;
      total: number;
    }>(
      db,
      sql`
      select u.id, u.first_name, u.last_name, u.email, u.username, u.disabled, u.created_at,
             coalesce(s.orders, 0)::int as orders, coalesce(s.value, 0)::bigint as value, s.last_order_at,
             count(*) over ()::int as total
        from users u
        left join (
          select s.user_id, count(*) as orders, sum(s.total_cents - s.refunded_cents) as value,
                 max(s.created_at) as last_order_at
            from ${salesRows(sql`o.user_id is not null`)} s group by s.user_id
        ) s on s.user_id = u.id
       where u.role = 'customer' and ${where}
       order by ${order}
       limit ${limit} offset ${offset}`,
    );
  },

  recentOrders(db: Db) {
    return rows<{
      id: string;
      number: string;
      first_name: string | null;
      last_name: string | null;
      email: string;
      status: string;
      total_cents: number;
      created_at: Date;
      address_name: string | null;
    }>(
      db,
      sql`
          select o.id, o.number, u.first_name, u.last_name, o.email, o.status::text as status,
                 ${inBase(sql`o.total_cents`)}::int as total_cents,
                 o.created_at, o.shipping_address->>'name' as address_name
            from orders o left join users u on u.id = o.user_id left join payments p on p.order_id = o.id
           where not ${ATTEMPT}
           order by o.created_at desc, o.number desc limit 10`,
    );
  },

  lowStockThreshold(db: Db) {
    return rows<{ low_stock_threshold: number }>(db, sql`select low_stock_threshold from store_settings where id = 1`);
  },

  lowStock(db: Db, threshold: number) {
    return rows<{ id: string; name: string; available: number; image: string | null }>(
      db,
      sql`
        select id, name, available, images[1] as image from products
         where published and available <= ${threshold}
         order by available asc, name asc, id limit 10`,
    );
  },

  /** Σ of the counted orders' tax lines per period (in the store's zone), zone, tax name and rate. */
  tax(db: Db, r: DayRange, group: Group) {
    const unit = sql.raw(`'${group}'`);
    return rows<{
      period: string;
      zone: string;
      name: string;
      rate: number;
      orders: number;
      taxable: string;
      tax: string;
    }>(
      db,
      sql`
        select to_char(date_trunc(${unit}, s.created_at at time zone ${r.timeZone}), 'YYYY-MM-DD') as period,
               coalesce(t.line ->> 'zone', '') as zone, t.line ->> 'name' as name,
               (t.line ->> 'rateBasisPoints')::int as rate, count(distinct s.id)::int as orders,
               sum(${inBase(sql`(t.line ->> 'taxableCents')::bigint`)})::bigint as taxable,
               sum(${inBase(sql`(t.line ->> 'taxCents')::bigint`)})::bigint as tax
          from ${salesRows(placedIn(bounds(r)))} s
          join orders o on o.id = s.id
          cross join lateral jsonb_array_elements(o.tax_lines) as t(line)
         group by 1, 2, 3, 4
         order by 1, 2, 3, 4`,
    );
  },

  categories(db: Db, r: DayRange) {
    return rows<{
      category_id: string | null;
      category: string | null;
      orders: number;
      units: number;
      sales: string;
    }>(
      db,
      sql`
        select p.category_id, c.name as category, count(distinct s.id)::int as orders,
               sum(l.quantity)::int as units, sum(${lineInBase(sql`l.unit_price_cents * l.quantity`)})::bigint as sales
          from ${salesRows(placedIn(bounds(r)))} s
          join order_lines l on l.order_id = s.id
          left join products p on p.id = l.product_id
          left join categories c on c.id = p.category_id
         group by p.category_id, c.name
         order by sales desc, c.name`,
    );
  },

  topProducts(db: Db, r: DayRange, q: { limit: number }) {
    return rows<{
      product_id: string | null;
      name: string;
      category: string | null;
      orders: number;
      units: number;
      sales: string;
    }>(
      db,
      sql`
        select l.product_id, coalesce(p.name, min(l.name)) as name, c.name as category,
               count(distinct s.id)::int as orders, sum(l.quantity)::int as units,
               sum(${lineInBase(sql`l.unit_price_cents * l.quantity`)})::bigint as sales
          from ${salesRows(placedIn(bounds(r)))} s
          join order_lines l on l.order_id = s.id
          left join products p on p.id = l.product_id
          left join categories c on c.id = p.category_id
         group by l.product_id, p.name, c.name
         order by sales desc, units desc, name
         limit ${q.limit}`,
    );
  },

  /**
   * Merchandise sold per variant (sales by SKU): lines grouped by their variant, else by the SKU they
   * recorded, else by product; the options the lines froze when sold (the variant's current ones for
   * lines stored without), its current SKU and stock read after grouping.
   */
  skus(db: Db, r: DayRange, q: { limit: number }) {
    return rows<{
      variant_id: string | null;
      sku: string | null;
      product_id: string | null;
      product: string;
      option_names: string[] | null;
      option_values: (string | null)[];
      line_options: { name: string; value: string }[] | null;
      orders: number;
      units: number;
      sales: string;
      stock: number | null;
    }>(
      db,
      sql`
        with sold as (
          select l.variant_id, case when l.variant_id is null then l.sku end as line_sku, l.product_id,
                 min(l.name) as line_name,
                 (array_agg(l.options order by s.created_at desc) filter (where l.options <> '[]'::jsonb))[1] as line_options,
                 count(distinct s.id)::int as orders, sum(l.quantity)::int as units,
                 sum(${lineInBase(sql`l.unit_price_cents * l.quantity`)})::bigint as sales
            from ${salesRows(placedIn(bounds(r)))} s
            join order_lines l on l.order_id = s.id
           group by 1, 2, 3
        )
        select sold.variant_id, coalesce(v.sku, sold.line_sku) as sku, sold.product_id,
               coalesce(p.name, sold.line_name) as product,
               (select array_agg(o->>'name' order by n) from jsonb_array_elements(p.options) with ordinality e(o, n)) as option_names,
               array[v.option1, v.option2, v.option3] as option_values, sold.line_options,
               sold.orders, sold.units, sold.sales, v.available as stock
          from sold
          left join product_variants v on v.id = sold.variant_id
          left join products p on p.id = sold.product_id
         order by sold.sales desc, sold.units desc, sku nulls last, product
         limit ${q.limit}`,
    );
  },

  /** The customer list's search and status filters, as conditions on `users u`. */
  customerConditions(q: Pick<CustomersQuery, 'q' | 'status'>): SQL[] {
    const conditions: SQL[] = [sql`true`];
    if (q.q) {
      const like = containsPattern(q.q);
      conditions.push(sql`(u.email ilike ${like} or u.username ilike ${like}
          or (u.first_name || ' ' || u.last_name) ilike ${like})`);
    }
    if (q.status) conditions.push(q.status === 'disabled' ? sql`u.disabled` : sql`not u.disabled`);
    return conditions;
  },

  customerSorts: {
    newest: sql`u.created_at desc, u.id`,
    oldest: sql`u.created_at asc, u.id`,
    name: sql`lower(u.last_name), lower(u.first_name), u.id`,
    orders: sql`orders desc, u.created_at desc, u.id`,
    value: sql`value desc, u.created_at desc, u.id`,
  } satisfies Record<CustomersQuery['sort'], SQL>,

  async user(ex: Db | Tx, id: string, lock = false) {
    const query = ex.select().from(users).where(eq(users.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  /** Every session of the account ends now: no refresh token of it works again (docs/architecture.md §5). */
  async endSessions(tx: Tx, userId: string, at: Date) {
    await tx
      .update(refreshFamilies)
      .set({ revokedAt: at, revokedReason: 'disabled' })
      .where(and(eq(refreshFamilies.userId, userId), isNull(refreshFamilies.revokedAt)));
  },

  async setDisabled(tx: Tx, userId: string, disabled: boolean, at: Date) {
    await tx.update(users).set({ disabled, updatedAt: at }).where(eq(users.id, userId));
  },

  customerCount(db: Db, conditions: SQL[]) {
    return rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from users u where u.role = 'customer' and ${sql.join(conditions, sql` and `)}`,
    );
  },

  customerMoney(db: Db, id: string) {
    return rows<{ gross: string; refunds: string }>(
      db,
      sql`
        select coalesce(sum(s.total_cents), 0)::bigint as gross, coalesce(sum(s.refunded_cents), 0)::bigint as refunds
          from ${salesRows(sql`o.user_id = ${id}`)} s`,
    );
  },

  addresses(db: Db, id: string) {
    return rows<{
      id: string;
      name: string;
      line1: string;
      line2: string | null;
      city: string;
      region: string | null;
      postal_code: string;
      country: string;
      phone: string | null;
      is_default: boolean;
    }>(
      db,
      sql`select id, name, line1, line2, city, region, postal_code, country, phone, is_default
               from addresses where user_id = ${id} order by is_default desc, created_at`,
    );
  },

  customerOrders(db: Db, id: string, page: { page: number; limit: number }) {
    return rows<{
      id: string;
      number: string;
      status: string;
      total_cents: number;
      refunded_cents: number;
      counted: boolean;
      created_at: Date;
      total: number;
    }>(
      db,
      sql`
        select o.id, o.number, o.status::text as status, ${inBase(sql`o.total_cents`)}::int as total_cents,
               ${inBase(sql`coalesce(p.refunded_cents, 0)`)}::int as refunded_cents,
               (${COUNTED_ORDER}) as counted, o.created_at, count(*) over ()::int as total
          from orders o left join payments p on p.order_id = o.id
         where o.user_id = ${id} and not ${ATTEMPT}
         order by o.created_at desc, o.number desc
         limit ${page.limit} offset ${(page.page - 1) * page.limit}`,
    );
  },

  customerOrderCount(db: Db, id: string) {
    return rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from orders o left join payments p on p.order_id = o.id
          where o.user_id = ${id} and not ${ATTEMPT}`,
    );
  },
};
