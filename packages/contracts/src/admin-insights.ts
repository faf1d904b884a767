import { z } from 'zod';
import { isoDay } from './admin-common.ts';
import { paged, pageQuery } from './common.ts';

/**
 * Admin dashboard, reports and customers. Revenue is defined once (docs/adr/006-revenue.md):
 * sales are orders other than `awaiting_payment` and `cancelled`, by the day they were placed (UTC);
 * net revenue = their totals − the money refunded on them. Money is decimal on the wire, in the base
 * currency each answer names (docs/adr/050-currencies.md: reports add up in the base).
 */

/** The base currency an answer's amounts are in, with its minor-unit digits. */
export const reportCurrency = z.object({ code: z.string(), digits: z.number().int() });

/** The longest range a report or the dashboard covers, in days (about two years). */
export const MAX_RANGE_DAYS = 731;
export const DEFAULT_RANGE_DAYS = 30;

const DAY_MS = 86_400_000;
/** Days from `from` to `to`, both included. */
export const rangeDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

const rangeFields = { from: isoDay('from').optional(), to: isoDay('to').optional() };
function checkRange(r: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (r.from && r.to && r.from > r.to) {
    ctx.addIssue({ code: 'custom', message: 'from must not be after to', path: ['to'] });
  } else if (r.from && r.to && rangeDays(r.from, r.to) > MAX_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', message: `The range may cover at most ${MAX_RANGE_DAYS} days`, path: ['from'] });
  }
}
const format = z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json');

export const insightsRangeQuery = z.object(rangeFields).superRefine(checkRange);
export type InsightsRangeQuery = z.infer<typeof insightsRangeQuery>;

export const GROUPS = ['day', 'week', 'month'] as const;
export type Group = (typeof GROUPS)[number];

export const salesReportQuery = z
  .object({
    ...rangeFields,
    group: z.enum(GROUPS, { error: 'group must be day, week or month' }).default('day'),
    format,
  })
  .superRefine(checkRange);
export type SalesReportQuery = z.infer<typeof salesReportQuery>;

export const categoriesReportQuery = z.object({ ...rangeFields, format }).superRefine(checkRange);
export type CategoriesReportQuery = z.infer<typeof categoriesReportQuery>;

export const topProductsQuery = z
  .object({
    ...rangeFields,
    format,
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(100, 'limit must be at most 100')
      .default(10),
  })
  .superRefine(checkRange);
export type TopProductsQuery = z.infer<typeof topProductsQuery>;

/** The most rows the sales-by-SKU report lists (a shop's every variant sold, for its CSV). */
export const MAX_SKU_ROWS = 1000;

export const skuReportQuery = z
  .object({
    ...rangeFields,
    format,
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(MAX_SKU_ROWS, `limit must be at most ${MAX_SKU_ROWS}`)
      .default(50),
  })
  .superRefine(checkRange);
export type SkuReportQuery = z.infer<typeof skuReportQuery>;

/** The range actually covered, as days of the store's time zone (admin Settings). */
export const range = z.object({ from: z.string(), to: z.string(), days: z.number().int() });

export const salesFigures = z.object({
  /** Net revenue: gross − refunds. */
  revenue: z.number(),
  gross: z.number(),
  refunds: z.number(),
  orders: z.number().int(),
  /** Average order value: net revenue / orders (0 without orders). */
  aov: z.number(),
  new_customers: z.number().int(),
});
export type SalesFigures = z.infer<typeof salesFigures>;

/** Change against the previous range, in percent (one decimal); null when the previous value was 0. */
export const figureChanges = z.object({
  revenue: z.number().nullable(),
  orders: z.number().nullable(),
  aov: z.number().nullable(),
  new_customers: z.number().nullable(),
});

export const salesPeriod = z.object({
  /** First day of the period (YYYY-MM-DD): the day, the ISO week's Monday or the month's 1st. */
  period: z.string(),
  orders: z.number().int(),
  gross: z.number(),
  refunds: z.number(),
  revenue: z.number(),
});
export type SalesPeriod = z.infer<typeof salesPeriod>;

export const dashboardOrder = z.object({
  id: z.string(),
  number: z.string(),
  customer: z.string(),
  email: z.string(),
  status: z.string(),
  total: z.number(),
  created_at: z.string(),
});
export const lowStockProduct = z.object({
  id: z.string(),
  name: z.string(),
  available: z.number().int(),
  image: z.string().nullable(),
});

export const dashboard = z.object({
  range,
  previous: range,
  current: salesFigures,
  previous_figures: salesFigures,
  change: figureChanges,
  revenue_by_day: z.array(salesPeriod),
  recent_orders: z.array(dashboardOrder),
  low_stock: z.array(lowStockProduct),
  low_stock_threshold: z.number().int(),
  currency: reportCurrency,
});
export type Dashboard = z.infer<typeof dashboard>;

export const salesReport = z.object({
  range,
  group: z.enum(GROUPS),
  periods: z.array(salesPeriod),
  totals: salesFigures.omit({ new_customers: true }),
  currency: reportCurrency,
});
export type SalesReport = z.infer<typeof salesReport>;

/**
 * Tax collected (docs/adr/049-tax-by-destination.md): per period, shipping zone and rate, summed over the
 * tax lines of the counted orders — what a filing needs. `taxable` is the amount taxed, without its tax.
 */
export const taxReportRow = z.object({
  period: z.string(),
  zone: z.string(),
  name: z.string(),
  rate: z.number(),
  orders: z.number().int(),
  taxable: z.number(),
  tax: z.number(),
});
export const taxReport = z.object({
  range,
  group: z.enum(GROUPS),
  rows: z.array(taxReportRow),
  totals: z.object({ taxable: z.number(), tax: z.number() }),
  currency: reportCurrency,
});
export type TaxReport = z.infer<typeof taxReport>;

/** Merchandise sold (line price × quantity, before order discounts, shipping and tax). */
export const categorySales = z.object({
  category_id: z.string().nullable(),
  category: z.string(),
  orders: z.number().int(),
  units: z.number().int(),
  sales: z.number(),
});
export const categoriesReport = z.object({
  range,
  items: z.array(categorySales),
  total: z.number(),
  currency: reportCurrency,
});
export type CategoriesReport = z.infer<typeof categoriesReport>;

export const productSales = z.object({
  product_id: z.string().nullable(),
  name: z.string(),
  category: z.string().nullable(),
  orders: z.number().int(),
  units: z.number().int(),
  sales: z.number(),
});
export const topProductsReport = z.object({ range, items: z.array(productSales), currency: reportCurrency });
export type TopProductsReport = z.infer<typeof topProductsReport>;

/**
 * Sales by SKU: one row per variant sold in the range, by its order lines' variant; lines
 * whose variant is gone keep the SKU they recorded (variant_id null), and lines that never recorded one
 * (made before variants, ADR 023) make one row per product with `sku` null.
 */
export const skuSales = z.object({
  sku: z.string().nullable(),
  variant_id: z.string().nullable(),
  product_id: z.string().nullable(),
  /** The product's name (the order line's when the product is gone). */
  product: z.string(),
  /** The variant's option values with their options' names (empty without a variant). */
  options: z.array(z.object({ name: z.string(), value: z.string() })),
  orders: z.number().int(),
  units: z.number().int(),
  sales: z.number(),
  /** The variant's stock now; null without a variant. */
  stock: z.number().int().nullable(),
});
export type SkuSales = z.infer<typeof skuSales>;
export const skuReport = z.object({ range, items: z.array(skuSales), currency: reportCurrency });
export type SkuReport = z.infer<typeof skuReport>;

/** A variant's options as one cell: 'Color: Black / Storage: 256GB'. */
export const optionsText = (options: SkuSales['options']) => options.map((o) => `${o.name}: ${o.value}`).join(' / ');

// ---------------------------------------------------------------------------------------------------
// Customers

export const CUSTOMER_SORTS = ['newest', 'oldest', 'name', 'orders', 'value'] as const;
export const customersQuery = pageQuery.extend({
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  status: z.enum(['active', 'disabled'], { error: 'status must be active or disabled' }).optional(),
  sort: z.enum(CUSTOMER_SORTS, { error: `sort must be one of ${CUSTOMER_SORTS.join(', ')}` }).default('newest'),
});
export type CustomersQuery = z.infer<typeof customersQuery>;

export const customerRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  disabled: z.boolean(),
  created_at: z.string(),
  /** Orders that count as sales (ADR 006). */
  orders: z.number().int(),
  /** Net revenue of those orders. */
  lifetime_value: z.number(),
  last_order_at: z.string().nullable(),
});
export type CustomerRow = z.infer<typeof customerRow>;
export const customerList = paged(customerRow);

export const customerDetailQuery = pageQuery;
export const customerOrder = z.object({
  id: z.string(),
  number: z.string(),
  status: z.string(),
  total: z.number(),
  refunded: z.number(),
  /** Whether the order counts as a sale (ADR 006). */
  counted: z.boolean(),
  created_at: z.string(),
});
export const customerAddress = z.object({
  id: z.string(),
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  postal_code: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
  is_default: z.boolean(),
});
export const customerDetail = z.object({
  customer: customerRow.extend({ first_name: z.string(), last_name: z.string() }),
  addresses: z.array(customerAddress),
  gross: z.number(),
  refunds: z.number(),
  orders: paged(customerOrder),
  currency: reportCurrency,
});
export type CustomerDetail = z.infer<typeof customerDetail>;
