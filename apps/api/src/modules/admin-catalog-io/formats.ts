import type { CatalogFormat } from '@shop/contracts/admin-catalog-io';

/**
 * The columns of the two formats. `type` is the product type (our `product_type`); `taxClass` its tax
 * class (our `tax_class`, docs/adr/049-tax-by-destination.md), which Shopify's format has no column for. Shopify's
 * `Type` also places the product when it names a category or subcategory. A field is what the import reads; each format names it
 * by its own header. Our CSV (`shop`) has one row per variant; the product's own fields fill its first
 * row and may be left empty (or repeated unchanged) on the others. Shopify's CSV has the same shape,
 * plus rows that carry only a picture (`Image Src`, `Image Position`).
 */
export type Field =
  | 'handle'
  | 'name'
  | 'description'
  | 'category'
  | 'subcategory'
  | 'type'
  | 'taxClass'
  | 'productCategory'
  | 'tags'
  | 'brand'
  | 'published'
  | 'status'
  | 'featured'
  | 'features'
  | 'option1Name'
  | 'option1Value'
  | 'option2Name'
  | 'option2Value'
  | 'option3Name'
  | 'option3Value'
  | 'sku'
  | 'price'
  | 'compareAt'
  | 'stock'
  | 'barcode'
  | 'weight'
  | 'variantImage'
  | 'images'
  | 'imageSrc'
  | 'imagePosition'
  | 'metaTitle'
  | 'metaDescription';

/** Fields of the product itself: read from its first row; a later row may only repeat them. */
export const PRODUCT_FIELDS: readonly Field[] = [
  'name',
  'description',
  'category',
  'subcategory',
  'type',
  'taxClass',
  'productCategory',
  'tags',
  'brand',
  'published',
  'status',
  'featured',
  'features',
  'images',
  'metaTitle',
  'metaDescription',
];

export const OPTION_NAME_FIELDS = ['option1Name', 'option2Name', 'option3Name'] as const;
export const OPTION_VALUE_FIELDS = ['option1Value', 'option2Value', 'option3Value'] as const;

/** Our own CSV: the header in the order an export writes it. */
const SHOP: [Field, string][] = [
  ['handle', 'handle'],
  ['name', 'name'],
  ['description', 'description'],
  ['category', 'category'],
  ['subcategory', 'subcategory'],
  ['type', 'product_type'],
  ['taxClass', 'tax_class'],
  ['brand', 'brand'],
  ['published', 'published'],
  ['featured', 'featured'],
  ['tags', 'tags'],
  ['features', 'features'],
  ['option1Name', 'option1_name'],
  ['option1Value', 'option1_value'],
  ['option2Name', 'option2_name'],
  ['option2Value', 'option2_value'],
  ['option3Name', 'option3_name'],
  ['option3Value', 'option3_value'],
  ['sku', 'sku'],
  ['price', 'price'],
  ['compareAt', 'compare_at_price'],
  ['stock', 'stock'],
  ['barcode', 'barcode'],
  ['weight', 'weight_grams'],
  ['variantImage', 'variant_image'],
  ['images', 'images'],
  ['metaTitle', 'meta_title'],
  ['metaDescription', 'meta_description'],
];

/** Shopify's product CSV: the columns we read and write, in the order of Shopify's own export. */
const SHOPIFY: [Field, string][] = [
  ['handle', 'Handle'],
  ['name', 'Title'],
  ['description', 'Body (HTML)'],
  ['brand', 'Vendor'],
  ['productCategory', 'Product Category'],
  ['type', 'Type'],
  ['featured', 'Tags'],
  ['published', 'Published'],
  ['option1Name', 'Option1 Name'],
  ['option1Value', 'Option1 Value'],
  ['option2Name', 'Option2 Name'],
  ['option2Value', 'Option2 Value'],
  ['option3Name', 'Option3 Name'],
  ['option3Value', 'Option3 Value'],
  ['sku', 'Variant SKU'],
  ['weight', 'Variant Grams'],
  ['stock', 'Variant Inventory Qty'],
  ['price', 'Variant Price'],
  ['compareAt', 'Variant Compare At Price'],
  ['barcode', 'Variant Barcode'],
  ['imageSrc', 'Image Src'],
  ['imagePosition', 'Image Position'],
  ['metaTitle', 'SEO Title'],
  ['metaDescription', 'SEO Description'],
  ['variantImage', 'Variant Image'],
  ['status', 'Status'],
];

export const FORMAT_COLUMNS: Record<CatalogFormat, readonly [Field, string][]> = { shop: SHOP, shopify: SHOPIFY };

/** Columns a file of the format must have. */
export const REQUIRED: Record<CatalogFormat, readonly Field[]> = {
  shop: ['handle', 'name', 'sku', 'price'],
  shopify: ['handle', 'name', 'price'],
};

/** The header names of a format, in export order. */
export const headerOf = (format: CatalogFormat): string[] => FORMAT_COLUMNS[format].map(([, name]) => name);

/** A field's header in a format (for messages), or the field's name when the format has none. */
export function columnName(format: CatalogFormat, field: Field): string {
  return FORMAT_COLUMNS[format].find(([f]) => f === field)?.[1] ?? field;
}

/** Which cell of a row holds each field: header names matched without regard to case or spaces around. */
export function mapHeader(format: CatalogFormat, header: readonly string[]): Map<Field, number> {
  const byName = new Map(header.map((name, index) => [name.trim().toLowerCase(), index] as const));
  const out = new Map<Field, number>();
  for (const [field, name] of FORMAT_COLUMNS[format]) {
    const index = byName.get(name.toLowerCase());
    if (index !== undefined) out.set(field, index);
  }
  return out;
}
