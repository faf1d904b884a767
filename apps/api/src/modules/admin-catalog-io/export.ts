import type { CatalogFormat } from '@shop/contracts/admin-catalog-io';
import { effectivePrices } from '../stock/index.ts';
import { writeCsv } from './csv.ts';
import { type Field, FORMAT_COLUMNS } from './formats.ts';
import type { ExistingProduct, ExistingVariant } from './plan.ts';

/**
 * The catalogue as a CSV: one row per variant, products by slug, variants by position. The
 * product's own fields fill its first row only. Prices are what the variant sells at (its own, else the
 * product's); the compare-at price is written only when it is above the price. Pictures are absolute
 * addresses of this shop, so the file also brings them into another shop. Reading the file back
 * (drafts.ts, plan.ts) and writing it again gives the same bytes.
 */

export type ExportProduct = ExistingProduct & {
  categoryName: string;
  subcategorySlug: string | null;
  subcategoryName: string | null;
  brandName: string | null;
  variants: ExistingVariant[];
};

/** Minor units as the file writes them, every digit of the currency: 1999 → `19.99`, ¥1500 → `1500`. */
export function formatMinorPlain(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const scale = 10 ** digits;
  return `${Math.floor(minor / scale)}.${String(minor % scale).padStart(digits, '0')}`;
}

function variantPrices(p: ExportProduct, v: ExistingVariant, digits: number) {
  const { priceCents: price, compareAtCents: compare } = effectivePrices(v, p);
  return {
    price: formatMinorPlain(price, digits),
    compareAt: compare > price ? formatMinorPlain(compare, digits) : '',
  };
}

const absolute = (origin: string, path: string | null) =>
  path ? (path.startsWith('/') ? `${origin}${path}` : path) : '';

/** The fields of one variant row, product fields left empty. */
function variantFields(
  origin: string,
  p: ExportProduct,
  v: ExistingVariant,
  digits: number,
): Partial<Record<Field, string>> {
  const { price, compareAt } = variantPrices(p, v, digits);
  return {
    handle: p.slug,
    option1Value: v.option1 ?? '',
    option2Value: v.option2 ?? '',
    option3Value: v.option3 ?? '',
    sku: v.sku,
    price,
    compareAt,
    stock: String(v.available),
    barcode: v.barcode ?? '',
    weight: v.weightGrams === null ? '' : String(v.weightGrams),
    variantImage: absolute(origin, v.image),
  };
}

function optionNames(p: ExportProduct): Partial<Record<Field, string>> {
  return {
    option1Name: p.options[0]?.name ?? '',
    option2Name: p.options[1]?.name ?? '',
    option3Name: p.options[2]?.name ?? '',
  };
}

function shopRows(origin: string, p: ExportProduct, digits: number): Partial<Record<Field, string>>[] {
  return p.variants.map((v, i) => {
    const row = variantFields(origin, p, v, digits);
    if (i > 0) return row;
    return {
      ...row,
      ...optionNames(p),
      name: p.name,
      description: p.description,
      type: p.productType,
      taxClass: p.taxClass,
      category: p.categoryId,
      subcategory: p.subcategorySlug ?? '',
      brand: p.brandName ?? '',
      published: String(p.published),
      featured: p.featured.join(', '),
      tags: p.tags.join(', '),
      features: p.features.join('\n'),
      images: p.images.map((img) => absolute(origin, img)).join(' '),
      metaTitle: p.metaTitle ?? '',
      metaDescription: p.metaDescription ?? '',
    };
  });
}

function shopifyTags(p: ExportProduct): string[] {
  const seen = new Set(p.tags.map((t) => t.toLowerCase()));
  return [...p.tags, ...p.featured.filter((f) => !seen.has(f.toLowerCase()))];
}

/** Shopify writes a product without options as option "Title" = "Default Title"; the n-th row carries the n-th picture. */
function shopifyRows(origin: string, p: ExportProduct, digits: number): Partial<Record<Field, string>>[] {
  const noOptions = p.options.length === 0;
  const place = p.subcategoryName ? `${p.categoryName} > ${p.subcategoryName}` : p.categoryName;
  const rows = p.variants.map((v, i) => {
    const row = variantFields(origin, p, v, digits);
    if (noOptions) row.option1Value = 'Default Title';
    if (i > 0) return row;
    return {
      ...row,
      ...(noOptions ? { option1Name: 'Title' } : optionNames(p)),
      name: p.name,
      description: p.description,
      brand: p.brandName ?? '',
      // Type is the product type; a product without one is placed by it, as `Category > Subcategory`.
      // A typed one is placed by Product Category, whose last segment an import matches.
      type: p.productType || place,
      productCategory: p.productType ? place : '',
      // Shopify has one Tags column: the owner's tags, then the featured tags not among them.
      featured: shopifyTags(p).join(', '),
      published: p.published ? 'TRUE' : 'FALSE',
      metaTitle: p.metaTitle ?? '',
      metaDescription: p.metaDescription ?? '',
      status: p.published ? 'active' : 'draft',
    };
  });
  p.images.forEach((img, i) => {
    const row = rows[i] ?? { handle: p.slug };
    row.imageSrc = absolute(origin, img);
    row.imagePosition = String(i + 1);
    rows[i] = row;
  });
  return rows;
}

/** The whole file. `origin` is the shop's public address (no trailing slash). */
/** The catalogue as the format's CSV, prices in the base currency of `digits` (docs/adr/050-currencies.md). */
export function exportCsv(format: CatalogFormat, catalog: ExportProduct[], origin: string, digits: number): string {
  const columns = FORMAT_COLUMNS[format];
  const toRow = (fields: Partial<Record<Field, string>>) => columns.map(([field]) => fields[field] ?? '');
  const rows = catalog.flatMap((p) =>
    (format === 'shop' ? shopRows(origin, p, digits) : shopifyRows(origin, p, digits)).map(toRow),
  );
  return writeCsv(
    columns.map(([, name]) => name),
    rows,
  );
}
