import { z } from 'zod';
import { importReport } from './admin-catalog-io.ts';
import { failure } from './failures.ts';

/** The admin area's expected failures on the wire, one union per module (see `failures.ts`). */

const named = { name: z.string(), products: z.number().int() };
const orderStatus = z.string();

/** A picture upload refused (admin product pictures). */
export const uploadFailure = z.discriminatedUnion('reason', [failure('not_an_image'), failure('damaged_picture')]);

export const adminCatalogFailure = z.discriminatedUnion('reason', [
  failure('product_not_found'),
  failure('products_not_found', { ids: z.array(z.string()) }),
  failure('unknown_category', { category: z.string() }),
  failure('subcategory_mismatch', { subcategory: z.string(), category: z.string() }),
  failure('unknown_brand', { brand: z.string() }),
  failure('unknown_featured', { tags: z.array(z.string()) }),
  failure('invalid_pricing'),
  failure('slug_taken', { slug: z.string().optional() }),
  failure('no_free_slug'),
  failure('not_enough_stock', { available: z.number().int(), delta: z.number().int(), sku: z.string().nullable() }),
  failure('variant_not_found'),
  failure('too_many_options'),
  failure('too_many_variants', { count: z.number().int() }),
  failure('option_count_mismatch', { row: z.number().int(), expected: z.number().int() }),
  failure('unknown_option_value', { row: z.number().int(), option: z.string(), value: z.string() }),
  failure('duplicate_combination', { values: z.array(z.string()) }),
  failure('duplicate_sku', { skus: z.array(z.string()) }),
  failure('sku_taken', { skus: z.array(z.string()) }),
  failure('unknown_variant', { id: z.string() }),
  failure('variant_in_use', { skus: z.array(z.string()) }),
  failure('stock_unchecked', { sku: z.string(), available: z.number().int() }),
  failure('stock_changed', { sku: z.string(), expected: z.number().int(), available: z.number().int() }),
  failure('price_out_of_range', { id: z.string() }),
  ...uploadFailure.options,
]);
export type AdminCatalogFailure = z.infer<typeof adminCatalogFailure>;

export const catalogIoFailure = z.discriminatedUnion('reason', [
  failure('bad_file'),
  failure('unknown_default_category', { category: z.string() }),
  failure('refused', { report: importReport }),
  failure('import_exists', { id: z.string() }),
  failure('import_not_found'),
  failure('product_not_found'),
]);
export type CatalogIoFailure = z.infer<typeof catalogIoFailure>;

export const adminBrandsFailure = z.discriminatedUnion('reason', [
  failure('brand_not_found'),
  failure('slug_taken', { slug: z.string() }),
  failure('brand_in_use', named),
]);
export type AdminBrandsFailure = z.infer<typeof adminBrandsFailure>;

export const adminCategoriesFailure = z.discriminatedUnion('reason', [
  failure('category_not_found'),
  failure('subcategory_not_found'),
  failure('move_target_not_found', { id: z.string() }),
  failure('move_to_itself'),
  failure('category_in_use', named),
  failure('subcategory_name_taken', { name: z.string(), category: z.string() }),
  failure('category_id_taken', { id: z.string(), holder: z.string().optional() }),
  failure('category_alias_taken', { alias: z.string(), holder: z.string() }),
  failure('featured_card_not_found'),
  failure('featured_name_taken', { name: z.string(), holder: z.string() }),
  failure('order_mismatch'),
]);
export type AdminCategoriesFailure = z.infer<typeof adminCategoriesFailure>;

export const adminDiscountFailure = z.discriminatedUnion('reason', [
  failure('not_found'),
  failure('code_taken', { code: z.string() }),
  failure('invalid'),
  failure('limit_below_used', { used: z.number().int() }),
  failure('used', { used: z.number().int() }),
]);
export type AdminDiscountFailure = z.infer<typeof adminDiscountFailure>;

export const insightsFailure = z.discriminatedUnion('reason', [
  failure('range_too_long', { max_days: z.number().int() }),
  failure('customer_not_found'),
  failure('not_a_customer'),
]);
export type InsightsFailure = z.infer<typeof insightsFailure>;

const numbered = { number: z.string(), status: z.string() };
/** The order's currency: the `_cents` facts are its minor units. */
const money = z.object({ code: z.string(), digits: z.number().int() });
export const adminOrdersFailure = z.discriminatedUnion('reason', [
  failure('order_not_found'),
  failure('invoice_not_found'),
  failure('wrong_status', { ...numbered, target: z.string(), why: z.string().optional() }),
  failure('changed_meanwhile', numbered),
  failure('invoice_settled', numbered),
  failure('invoice_not_open', numbered),
  failure('not_found'),
  failure('already_cancelled'),
  failure('not_cancellable', { status: orderStatus.nullable() }),
  failure('nothing_to_refund', { ...numbered, payment_status: z.string().nullable() }),
  failure('refund_amount_precision', { currency: money }),
  failure('refund_not_positive'),
  failure('refund_failed'),
  failure('refund_too_large', {
    number: z.string(),
    left_cents: z.number().int(),
    paid_cents: z.number().int(),
    refunded_cents: z.number().int(),
    currency: money,
  }),
]);
export type AdminOrdersFailure = z.infer<typeof adminOrdersFailure>;

export const outboxFailure = z.discriminatedUnion('reason', [
  failure('not_found'),
  failure('not_failed', { state: z.string() }),
  failure('link_not_kept'),
]);
export type OutboxFailure = z.infer<typeof outboxFailure>;

export const adminPagesFailure = z.discriminatedUnion('reason', [failure('not_found'), failure('body_empty')]);
export type AdminPagesFailure = z.infer<typeof adminPagesFailure>;

export const adminStaffFailure = z.discriminatedUnion('reason', [
  failure('already', { role: z.enum(['admin', 'staff']) }),
  failure('missing_fields'),
  failure('username_taken'),
  failure('email_taken'),
  failure('not_found'),
  failure('not_admin'),
  failure('cannot_change_self'),
  failure('last_admin'),
]);
export type AdminStaffFailure = z.infer<typeof adminStaffFailure>;

export const adminSupportFailure = z.discriminatedUnion('reason', [failure('not_found')]);
export type AdminSupportFailure = z.infer<typeof adminSupportFailure>;

/** Every reason the admin modules answer with, by module. */
export const ADMIN_FAILURES = {
  adminCatalog: adminCatalogFailure,
  adminCatalogIo: catalogIoFailure,
  adminBrands: adminBrandsFailure,
  adminCategories: adminCategoriesFailure,
  adminDiscounts: adminDiscountFailure,
  adminInsights: insightsFailure,
  adminOrders: adminOrdersFailure,
  adminOutbox: outboxFailure,
  adminPages: adminPagesFailure,
  adminStaff: adminStaffFailure,
  adminSupport: adminSupportFailure,
} as const;
