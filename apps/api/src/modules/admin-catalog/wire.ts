import type { AdminProduct, AdminVariant, ProductSales, StockMovement } from '@shop/contracts/admin-catalog';
import { type CurrencyUnit, fromMinor } from '@shop/contracts/currency';
import { type ProductOption, type ProductVariant, products } from '../../db/schema.ts';
import { type ProductRow, productColumns, toProductWire } from '../catalog/index.ts';

/** The catalogue's product columns and the ones only staff see. */
export const adminColumns = {
  ...productColumns,
  featured: products.featured,
  soldCount: products.soldCount,
  modifiedBy: products.modifiedBy,
  options: products.options,
  metaTitle: products.metaTitle,
  metaDescription: products.metaDescription,
  tags: products.tags,
  productType: products.productType,
  taxClass: products.taxClass,
  missingImages: products.missingImages,
};
export type AdminRow = ProductRow & {
  featured: string[];
  soldCount: number;
  modifiedBy: string | null;
  options: ProductOption[];
  metaTitle: string | null;
  metaDescription: string | null;
  tags: string[];
  productType: string;
  taxClass: string;
  missingImages: string[];
};

/** A variant row as the repository selects it. */
export type VariantWireRow = Pick<
  ProductVariant,
  | 'id'
  | 'sku'
  | 'option1'
  | 'option2'
  | 'option3'
  | 'priceCents'
  | 'compareAtCents'
  | 'available'
  | 'soldCount'
  | 'image'
  | 'barcode'
  | 'weightGrams'
  | 'taxClass'
>;

export function toVariantWire(v: VariantWireRow, optionCount: number, base: CurrencyUnit): AdminVariant {
  return {
    id: v.id,
    sku: v.sku,
    options: [v.option1, v.option2, v.option3].slice(0, optionCount).map((value) => value ?? ''),
    price: v.priceCents === null ? null : fromMinor(v.priceCents, base.digits),
    compare_at_price: v.compareAtCents === null ? null : fromMinor(v.compareAtCents, base.digits),
    available: v.available,
    sold_count: v.soldCount,
    image: v.image,
    barcode: v.barcode,
    weight_grams: v.weightGrams,
    tax_class: v.taxClass,
  };
}

/** Staff see who last changed a product; the storefront never does. Prices in the base currency `base`. */
export function toAdminWire(row: AdminRow, variants: readonly VariantWireRow[], base: CurrencyUnit): AdminProduct {
  return {
    ...toProductWire(row, base),
    modified_by: row.modifiedBy,
    featured: row.featured,
    sold_count: row.soldCount,
    options: row.options,
    variants: variants.map((v) => toVariantWire(v, row.options.length, base)),
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    tags: row.tags,
    product_type: row.productType,
    tax_class: row.taxClass,
    missing_images: row.missingImages,
  };
}

export function toMovementWire(r: {
  id: string;
  delta: number;
  reason: StockMovement['reason'];
  note: string | null;
  variantId: string | null;
  sku: string | null;
  orderId: string | null;
  orderNumber: string | null;
  actorEmail: string | null;
  createdAt: Date;
}): StockMovement {
  return {
    id: r.id,
    delta: r.delta,
    reason: r.reason,
    note: r.note,
    variant_id: r.variantId,
    sku: r.sku,
    order_id: r.orderId,
    order_number: r.orderNumber,
    actor_email: r.actorEmail,
    created_at: r.createdAt.toISOString(),
  };
}

/** A recent order line of a product; its price in base minor units as `sales` reads them (`base`). */
export function toSalesLineWire(
  r: {
    orderId: string;
    number: string;
    status: ProductSales['recent'][number]['status'];
    quantity: number;
    unitPriceCents: number;
    createdAt: Date;
  },
  base: CurrencyUnit,
): ProductSales['recent'][number] {
  return {
    order_id: r.orderId,
    order_number: r.number,
    status: r.status,
    quantity: r.quantity,
    unit_price: fromMinor(r.unitPriceCents, base.digits),
    total: fromMinor(r.unitPriceCents * r.quantity, base.digits),
    created_at: r.createdAt.toISOString(),
  };
}
