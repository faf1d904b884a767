import type { Product } from '@shop/contracts/catalog';
import { fromCents } from '@shop/contracts/money';
import { products, subcategories } from '../../db/schema.ts';

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
 * The wire shape of a product (contracts `product`): prices as decimals (DESIGN §6), `in_stock`
 * derived from `available`, `category`/`subcategory`/`brand` as the ids the filters take. The cart
 * and wishlist modules may reuse it for their lines.
 *
 * `modified_by` is a field of spec §3's product, but who edited a product is the staff's business:
 * public answers never name them (issue 10 point 6); the admin answer fills it in.
 */
export function toProductWire(row: ProductRow): Product {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: row.categoryId,
    subcategory: row.subcategorySlug,
    brand: row.brandId,
    sale_price: fromCents(row.salePriceCents),
    regular_price: fromCents(row.regularPriceCents),
    percentage_discount: row.percentageDiscount,
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
