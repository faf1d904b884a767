import type { Product, ProductDetail } from '@shop/contracts/catalog';
import { type CurrencyUnit, fromMinor } from '@shop/contracts/currency';
import type { ProductOption, ProductVariantsAnswer } from '@shop/contracts/variants';
import { brands, type ProductVariant, products, subcategories } from '../../db/schema.ts';
import { effectivePrices } from '../stock/index.ts';

/** The columns a product answer needs (no search vector, no featured tags): select only these. */
export const productColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  categoryId: products.categoryId,
  subcategorySlug: subcategories.slug,
  brandId: products.brandId,
  regularPriceCents: products.regularPriceCents,
  salePriceCents: products.salePriceCents,
  percentageDiscount: products.percentageDiscount,
  taxClass: products.taxClass,
  images: products.images,
  colors: products.colors,
  availableSizes: products.availableSizes,
  features: products.features,
  available: products.available,
  published: products.published,
  ratingAverage: products.ratingAverage,
  ratingCount: products.ratingCount,
  dateAdded: products.dateAdded,
  modifiedDate: products.modifiedDate,
};

/** A product row as selected with `productColumns` (products left-joined to subcategories). */
export interface ProductRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  categoryId: string;
  subcategorySlug: string | null;
  brandId: string | null;
  regularPriceCents: number;
  salePriceCents: number;
  percentageDiscount: number;
  taxClass: string;
  images: string[];
  colors: string[];
  availableSizes: string[];
  features: string[];
  available: number;
  published: boolean;
  ratingAverage: number;
  ratingCount: number;
  dateAdded: Date;
  modifiedDate: Date;
}

/**
 * The wire shape of a product (contracts `product`): prices as decimals of the base currency `base`
 * (docs/architecture.md §6, docs/adr/050-currencies.md), `in_stock`
 * derived from `available`, `category`/`subcategory`/`brand` as the ids the filters take. The cart
 * and wishlist modules may reuse it for their lines.
 *
 * `modified_by` is a field of docs/product.md §3's product, but who edited a product is the staff's business:
 * public answers never name them; the admin answer fills it in.
 */
export function toProductWire(row: ProductRow, base: CurrencyUnit): Product {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: row.categoryId,
    subcategory: row.subcategorySlug,
    brand: row.brandId,
    sale_price: fromMinor(row.salePriceCents, base.digits),
    regular_price: fromMinor(row.regularPriceCents, base.digits),
    percentage_discount: row.percentageDiscount,
    tax_class: row.taxClass,
    images: row.images,
    colors: row.colors,
    available_sizes: row.availableSizes,
    features: row.features,
    available: row.available,
    in_stock: row.available > 0,
    published: row.published,
    rating: Number(row.ratingAverage),
    rating_count: row.ratingCount,
    date_added: row.dateAdded.toISOString(),
    modified_by: null,
    modified_date: row.modifiedDate.toISOString(),
  };
}

/** The columns of one product's page (products left-joined to subcategories and brands). */
export const productDetailColumns = {
  ...productColumns,
  metaTitle: products.metaTitle,
  metaDescription: products.metaDescription,
  brandName: brands.name,
  brandSlug: brands.slug,
};

export interface ProductDetailRow extends ProductRow {
  metaTitle: string | null;
  metaDescription: string | null;
  brandName: string | null;
  brandSlug: string | null;
}

/** GET products/:id (contracts `productDetail`): the product, its SEO fields and its brand's page. */
export function toProductDetailWire(row: ProductDetailRow, base: CurrencyUnit): ProductDetail {
  return {
    ...toProductWire(row, base),
    // A blank SEO field is no SEO field: the page falls back to the name and description.
    meta_title: row.metaTitle?.trim() || null,
    meta_description: row.metaDescription?.trim() || null,
    brand_name: row.brandName,
    brand_slug: row.brandSlug,
  };
}

/** What the variants answer needs of its product: the options and the prices a variant falls back to. */
export interface VariantsProductRow {
  options: ProductOption[];
  taxClass: string;
  salePriceCents: number;
  regularPriceCents: number;
}

export type VariantRow = Pick<
  ProductVariant,
  | 'id'
  | 'sku'
  | 'option1'
  | 'option2'
  | 'option3'
  | 'priceCents'
  | 'compareAtCents'
  | 'available'
  | 'image'
  | 'taxClass'
>;

/**
 * GET products/:id/variants (contracts `productVariantsAnswer`): each variant with its values of the
 * product's options in their order, and its own price — or the product's sale and regular price where it
 * has none (ADR 023) — as decimals like every price of the API (docs/architecture.md §6).
 */
export function toVariantsWire(
  product: VariantsProductRow,
  variants: VariantRow[],
  base: CurrencyUnit,
): ProductVariantsAnswer {
  const count = product.options.length;
  return {
    options: product.options.map((o) => ({ name: o.name, values: [...o.values] })),
    variants: variants.map((v) => {
      const prices = effectivePrices(v, product);
      return {
        id: v.id,
        sku: v.sku,
        options: [v.option1, v.option2, v.option3].slice(0, count).map((value) => value ?? ''),
        price: fromMinor(prices.priceCents, base.digits),
        compare_at_price: fromMinor(prices.compareAtCents, base.digits),
        available: v.available,
        in_stock: v.available > 0,
        image: v.image,
        tax_class: v.taxClass ?? product.taxClass,
      };
    }),
  };
}
