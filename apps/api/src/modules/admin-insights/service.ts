import {
  type CategoriesReport,
  type CustomerDetail,
  type CustomerRow,
  type CustomersQuery,
  type Dashboard,
  type Group,
  type InsightsRangeQuery,
  MAX_RANGE_DAYS,
  type SalesFigures,
  type SalesPeriod,
  type SalesReport,
  type SkuReport,
  type TaxReport,
  type TopProductsReport,
} from '@shop/contracts/admin-insights';
import { type CurrencyUnit, fromMinor } from '@shop/contracts/currency';
import { type SQL, sql } from 'drizzle-orm';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Deps } from '../../services.ts';
import type { Actor, AuditService } from '../audit/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { insightsRepository as repo } from './repository.ts';
import { type Bounds, bounds, change, type DayRange, previousRange, resolveRange } from './revenue.ts';

const num = (v: unknown) => Number(v ?? 0);
/** Base minor units as the wire's decimal amount (docs/adr/050-currencies.md: reports are in the base). */
const money = (base: CurrencyUnit, minor: number) => fromMinor(minor, base.digits);
/** The currency an answer names for its amounts: the base's code and digits. */
const unitOf = (base: CurrencyUnit): CurrencyUnit => ({ code: base.code, digits: base.digits });
/** A variant's values paired with its product's option names (null past the product's option count). */
function namedValues(names: string[], values: (string | null)[]): { name: string; value: string }[] {
  return names.flatMap((name, i) => {
    const value = values[i];
    return value == null ? [] : [{ name, value }];
  });
}
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** What a report or a customer look-up or change can end in besides success. */
export type InsightsFailure =
  | Failure<'range_too_long', { maxDays: number }>
  | Failure<'customer_not_found'>
  /** The account is staff's: the customer pages do not show or change it. */
  | Failure<'not_a_customer'>;

/** Dashboard, reports and customers for staff; every figure follows ADR 006. */
export function createInsightsService(
  { db, clock }: Deps,
  { audit, settings }: { audit: AuditService; settings: SettingsService },
) {
  /** The range asked for, in days of the store's time zone. */
  async function rangeOf(q: InsightsRangeQuery): Promise<Result<DayRange, InsightsFailure>> {
    const r = resolveRange(q, clock.now(), (await settings.get()).timeZone);
    if (r.days > MAX_RANGE_DAYS) return fail('range_too_long', { maxDays: MAX_RANGE_DAYS });
    return ok(r);
  }

  /** The base currency every figure is in. */
  async function baseUnit(): Promise<CurrencyUnit> {
    return (await settings.get()).currencies.base;
  }

  async function figures(b: Bounds, base: CurrencyUnit): Promise<SalesFigures> {
    const [s] = await repo.figures(db, b);
    const gross = num(s?.gross);
    const refunds = num(s?.refunds);
    const orders = num(s?.orders);
    const net = gross - refunds;
    return {
      revenue: money(base, net),
      gross: money(base, gross),
      refunds: money(base, refunds),
      orders,
      aov: orders > 0 ? money(base, Math.round(net / orders)) : 0,
      new_customers: num(s?.new_customers),
    };
  }

  /** Every period of the range, empty ones included (ISO weeks start on Monday; in the store's zone). */
  async function periods(r: DayRange, group: Group, base: CurrencyUnit): Promise<SalesPeriod[]> {
    const found = await repo.periods(db, r, group);
    return found.map((p) => ({
      period: p.period,
      orders: num(p.orders),
      gross: money(base, num(p.gross)),
      refunds: money(base, num(p.refunds)),
      revenue: money(base, num(p.gross) - num(p.refunds)),
    }));
  }

  async function customerRows(where: SQL, order: SQL, limit: number, offset: number) {
    return repo.customers(db, where, order, limit, offset);
  }
  type CustomerSqlRow = Awaited<ReturnType<typeof customerRows>>[number];
  const toRow = (u: CustomerSqlRow, base: CurrencyUnit): CustomerRow => ({
    id: u.id,
    name: `${u.first_name} ${u.last_name}`.trim(),
    email: u.email,
    username: u.username,
    disabled: u.disabled,
    created_at: iso(u.created_at),
    orders: num(u.orders),
    lifetime_value: money(base, num(u.value)),
    last_order_at: u.last_order_at ? iso(u.last_order_at) : null,
  });

  /** Sets `disabled` on a customer account; ending its sessions when disabling. Audited. */
  async function setDisabled(
    actor: Actor,
    id: string,
    disabled: boolean,
  ): Promise<Result<CustomerRow, InsightsFailure>> {
    const refused = await db.transaction(async (tx): Promise<InsightsFailure | undefined> => {
      const user = await repo.user(tx, id, true);
      if (!user) return fail('customer_not_found');
      if (user.role !== 'customer') return fail('not_a_customer');
      const now = clock.now();
      if (disabled) {
        await repo.endSessions(tx, id, now);
      }
      if (user.disabled === disabled) return undefined;
      await repo.setDisabled(tx, id, disabled, now);
      await audit.record(tx, actor, {
        action: disabled ? 'customer.disable' : 'customer.enable',
        entityType: 'customer',
        entityId: id,
        before: { disabled: user.disabled },
        after: { disabled },
      });
      return undefined;
    });
    if (refused) return refused;
    const [row] = await customerRows(sql`u.id = ${id}`, sql`u.id`, 1, 0);
    if (!row) return fail('customer_not_found');
    return ok(toRow(row, await baseUnit()));
  }

  return {
    rangeOf,

    async dashboard(q: InsightsRangeQuery): Promise<Result<Dashboard, InsightsFailure>> {
      const range = await rangeOf(q);
      if (!range.ok) return range;
      const r = range.value;
      const prev = previousRange(r);
      const base = await baseUnit();
      const [current, before, byDay, recent, settings] = await Promise.all([
        figures(bounds(r), base),
        figures(bounds(prev), base),
        periods(r, 'day', base),
        repo.recentOrders(db),
        repo.lowStockThreshold(db),
      ]);
      const threshold = settings[0]?.low_stock_threshold ?? 5;
      const low = await repo.lowStock(db, threshold);
      return ok({
        range: r,
        previous: prev,
        current,
        previous_figures: before,
        change: {
          revenue: change(current.revenue, before.revenue),
          orders: change(current.orders, before.orders),
          aov: change(current.aov, before.aov),
          new_customers: change(current.new_customers, before.new_customers),
        },
        revenue_by_day: byDay,
        recent_orders: recent.map((o) => ({
          id: o.id,
          number: o.number,
          customer: o.first_name !== null ? `${o.first_name} ${o.last_name ?? ''}`.trim() : (o.address_name ?? 'Guest'),
          email: o.email,
          status: o.status,
          total: money(base, o.total_cents),
          created_at: iso(o.created_at),
        })),
        low_stock: low,
        low_stock_threshold: threshold,
        currency: unitOf(base),
      });
    },

    async sales(q: InsightsRangeQuery & { group: Group }): Promise<Result<SalesReport, InsightsFailure>> {
      const range = await rangeOf(q);
      if (!range.ok) return range;
      const r = range.value;
      const base = await baseUnit();
      const [list, totals] = await Promise.all([periods(r, q.group, base), figures(bounds(r), base)]);
      const { new_customers: _n, ...rest } = totals;
      return ok({ range: r, group: q.group, periods: list, totals: rest, currency: unitOf(base) });
    },

    /** Tax collected per period, zone and rate, for filing. */
    async tax(q: InsightsRangeQuery & { group: Group }): Promise<Result<TaxReport, InsightsFailure>> {
      const range = await rangeOf(q);
      if (!range.ok) return range;
      const [found, base] = await Promise.all([repo.tax(db, range.value, q.group), baseUnit()]);
      const items = found.map((t) => ({
        period: t.period,
        zone: t.zone,
        name: t.name,
        rate: num(t.rate) / 100,
        orders: num(t.orders),
        taxable: money(base, num(t.taxable)),
        tax: money(base, num(t.tax)),
      }));
      const sum = (key: 'taxable' | 'tax') =>
        money(
          base,
          found.reduce((s, t) => s + num(t[key]), 0),
        );
      return ok({
        range: range.value,
        group: q.group,
        rows: items,
        totals: { taxable: sum('taxable'), tax: sum('tax') },
        currency: unitOf(base),
      });
    },

    async categories(q: InsightsRangeQuery): Promise<Result<CategoriesReport, InsightsFailure>> {
      const range = await rangeOf(q);
      if (!range.ok) return range;
      const r = range.value;
      const [found, base] = await Promise.all([repo.categories(db, r), baseUnit()]);
      const items = found.map((c) => ({
        category_id: c.category_id,
        category: c.category ?? 'Uncategorised',
        orders: num(c.orders),
        units: num(c.units),
        sales: money(base, num(c.sales)),
      }));
      const total = found.reduce((sum, c) => sum + num(c.sales), 0);
      return ok({ range: r, items, total: money(base, total), currency: unitOf(base) });
    },

    async topProducts(q: InsightsRangeQuery & { limit: number }): Promise<Result<TopProductsReport, InsightsFailure>> {
      const range = await rangeOf(q);
      if (!range.ok) return range;
      const r = range.value;
      const [found, base] = await Promise.all([repo.topProducts(db, r, q), baseUnit()]);
      return ok({
        range: r,
        currency: unitOf(base),
        items: found.map((p) => ({
          product_id: p.product_id,
          name: p.name,
          category: p.category,
          orders: num(p.orders),
          units: num(p.units),
          sales: money(base, num(p.sales)),
        })),
      });
    },

    async skus(q: InsightsRangeQuery & { limit: number }): Promise<Result<SkuReport, InsightsFailure>> {
      const range = await rangeOf(q);
      if (!range.ok) return range;
      const [found, base] = await Promise.all([repo.skus(db, range.value, q), baseUnit()]);
      return ok({
        range: range.value,
        currency: unitOf(base),
        items: found.map((v) => ({
          sku: v.sku,
          variant_id: v.variant_id,
          product_id: v.product_id,
          product: v.product,
          options: v.line_options ?? (v.variant_id === null ? [] : namedValues(v.option_names ?? [], v.option_values)),
          orders: num(v.orders),
          units: num(v.units),
          sales: money(base, num(v.sales)),
          stock: v.stock === null ? null : num(v.stock),
        })),
      });
    },

    async customers(q: CustomersQuery) {
      const conditions = repo.customerConditions(q);
      const found = await customerRows(
        sql.join(conditions, sql` and `),
        repo.customerSorts[q.sort],
        q.limit,
        (q.page - 1) * q.limit,
      );
      let total = found[0]?.total ?? 0;
      if (found.length === 0 && q.page > 1) {
        const [c] = await repo.customerCount(db, conditions);
        total = num(c?.n);
      }
      const base = await baseUnit();
      return { items: found.map((u) => toRow(u, base)), total: num(total), page: q.page, limit: q.limit };
    },

    async customer(
      id: string,
      page: { page: number; limit: number },
    ): Promise<Result<CustomerDetail, InsightsFailure>> {
      const user = await repo.user(db, id);
      if (!user) return fail('customer_not_found');
      if (user.role !== 'customer') return fail('not_a_customer');
      const [row] = await customerRows(sql`u.id = ${id}`, sql`u.id`, 1, 0);
      if (!row) return fail('customer_not_found');
      const [[spent], base] = await Promise.all([repo.customerMoney(db, id), baseUnit()]);
      const addressRows = await repo.addresses(db, id);
      const orderRows = await repo.customerOrders(db, id, page);
      let totalOrders = orderRows[0]?.total ?? 0;
      if (orderRows.length === 0 && page.page > 1) {
        const [c] = await repo.customerOrderCount(db, id);
        totalOrders = num(c?.n);
      }
      return ok({
        customer: { ...toRow(row, base), first_name: user.firstName, last_name: user.lastName },
        addresses: addressRows,
        gross: money(base, num(spent?.gross)),
        refunds: money(base, num(spent?.refunds)),
        orders: {
          items: orderRows.map((o) => ({
            id: o.id,
            number: o.number,
            status: o.status,
            total: money(base, o.total_cents),
            refunded: money(base, o.refunded_cents),
            counted: o.counted,
            created_at: iso(o.created_at),
          })),
          total: num(totalOrders),
          page: page.page,
          limit: page.limit,
        },
        currency: unitOf(base),
      });
    },

    disable: (actor: Actor, id: string) => setDisabled(actor, id, true),
    enable: (actor: Actor, id: string) => setDisabled(actor, id, false),
  };
}
export type InsightsService = ReturnType<typeof createInsightsService>;
