import {
  MAX_IMAGES,
  MAX_PRICE,
  MAX_STOCK,
  MAX_TAGS,
  PRODUCT_TYPE_CHARS,
  TAG_CHARS,
} from '@shop/contracts/admin-catalog';
import type { CatalogFormat, ImportRefusal } from '@shop/contracts/admin-catalog-io';
import { type CurrencyUnit, tooManyDecimals } from '@shop/contracts/currency';
import { RICH_TEXT_CHARS } from '@shop/contracts/rich-text';
import {
  defaultSku,
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  MAX_SKU_LENGTH,
  MAX_VARIANTS,
  type OptionValues,
  SEO_LIMITS,
} from '@shop/contracts/variants';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { richTextFromInput, sanitizeRichText } from '../../lib/rich-text.ts';
import { decodeCell, isFormula, readCsv } from './csv.ts';
import {
  columnName,
  type Field,
  mapHeader,
  OPTION_NAME_FIELDS,
  OPTION_VALUE_FIELDS,
  PRODUCT_FIELDS,
  REQUIRED,
} from './formats.ts';
import { type ImagePolicy, type ImageSource, imageSource } from './images.ts';

/**
 * A file's rows as products and variants, before anything is looked up in the database:
 * every cell checked, every refusal with its line. A product with any refused row is marked refused as a
 * whole, so nothing of it is written. All checks are linear (lengths before patterns, ADR 011).
 */

export interface VariantDraft {
  line: number;
  /** As given, or made from the handle and the option values when the row has none. */
  sku: string;
  values: OptionValues;
  priceCents: number;
  /** Above the price, or null (no sale). */
  compareAtCents: number | null;
  /** undefined: the column is absent or the cell empty (an existing variant keeps its stock, a new one has 0). */
  stock: number | undefined;
  /** undefined: the column is absent (kept as it is); null: empty. */
  barcode: string | null | undefined;
  weightGrams: number | null | undefined;
  image: ImageSource | null | undefined;
}

/**
 * Where the product goes: our CSV names a category and subcategory; Shopify's `Type` one of them, or its
 * newer `Product Category` (a path in Shopify's taxonomy, of which the last segment is matched).
 */
export type Placement = { category: string; subcategory: string | null } | { type: string; productCategory: string };

export interface ProductDraft {
  handle: string;
  line: number;
  /** Rows of the file it takes. */
  rows: number;
  refused: boolean;
  name: string;
  /** Sanitized rich text; undefined: the column is absent (kept as it is). */
  description: string | undefined;
  /** undefined: absent, or a Shopify Type that is a `Category > Subcategory` path (placement only). */
  productType: string | undefined;
  /** A tax class code (our CSV only); undefined: absent or empty (kept as it is, standard for a new product). */
  taxClass: string | undefined;
  placement: Placement | undefined;
  brand: string | null | undefined;
  published: boolean | undefined;
  /** Featured tags (our CSV) or Shopify's Tags, as written. */
  featured: string[] | undefined;
  /** The owner's tags (our `tags`, Shopify's `Tags`): trimmed, without repeats. */
  tags: string[] | undefined;
  features: string[] | undefined;
  images: ImageSource[] | undefined;
  metaTitle: string | null | undefined;
  metaDescription: string | null | undefined;
  options: { name: string; values: string[] }[];
  variants: VariantDraft[];
}

/** A SKU given again in the file (Shopify allows it): the later variant, and where the SKU came first. */
export interface DuplicateSku {
  line: number;
  firstLine: number;
  handle: string;
  /** The later variant; its `sku` is rewritten when the owner accepts a resolution. */
  variant: VariantDraft;
}

export interface DraftOptions {
  /** A SKU given twice is accepted (the service gives the later ones a suffix); else such rows are refused. */
  acceptDuplicateSkus: boolean;
  /** The base currency the file's prices are in. */
  base: CurrencyUnit;
}

export interface Drafts {
  /** Data rows (the header not counted). */
  rows: number;
  products: ProductDraft[];
  refusals: ImportRefusal[];
  duplicates: DuplicateSku[];
}

export type BadFile = Failure<'bad_file', { message: string }>;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SKU = /^[\x21-\x7e]+$/;
const MAX_SKU = MAX_SKU_LENGTH;
const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;
const INTEGER = /^-?\d+$/;
const LIMITS = { handle: 200, name: 200, brand: 50, ...SEO_LIMITS };

type Row = { line: number; cell: (field: Field) => string | undefined };
type Refuse = (line: number, reason: string) => void;

/**
 * Money in minor units of the base currency `base` from a decimal with at most its digits, or why not
 * (docs/adr/050-currencies.md).
 */
export function parseMoney(raw: string, name: string, base: CurrencyUnit): number | string {
  const m = raw.length <= 20 ? DECIMAL.exec(raw) : null;
  if (!m)
    return `${name} "${short(raw)}" is not a number like ${base.digits === 0 ? '1999' : `19.${'9'.repeat(base.digits)}`}`;
  if (m[1]) return `${name} must not be negative`;
  let fraction = m[3] ?? '';
  while (fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  if (fraction.length > base.digits) return `${name}: ${tooManyDecimals(base, 'prices')}`;
  const scale = 10 ** base.digits;
  const minor = Number(m[2]) * scale + Number(fraction.padEnd(base.digits, '0') || '0');
  if (minor > MAX_PRICE * scale) return `${name} must be at most ${MAX_PRICE}`;
  return minor;
}

function parseCount(raw: string, name: string, max: number): number | string {
  if (raw.length > 12 || !INTEGER.test(raw)) return `${name} "${short(raw)}" is not a whole number`;
  const n = Number(raw);
  if (n < 0) return `${name} must not be negative`;
  if (n > max) return `${name} must be at most ${max}`;
  return n;
}

function parseBoolean(raw: string): boolean | undefined {
  const v = raw.toLowerCase();
  if (['true', 'yes', '1'].includes(v)) return true;
  if (['false', 'no', '0'].includes(v)) return false;
  return undefined;
}

const short = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);
const splitList = (raw: string, separator: string | RegExp) =>
  raw
    .split(separator)
    .map((v) => v.trim())
    .filter((v) => v !== '');

function dedupe(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = v.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Reads a whole file; a file that is not one of the format's CSVs at all is `bad_file`. */
export function readDrafts(
  format: CatalogFormat,
  text: string,
  policy: ImagePolicy,
  options: DraftOptions,
): Result<Drafts, BadFile> {
  const records = readCsv(text);
  const first = records.next();
  if (first.done) return fail('bad_file', { message: 'The file is empty' });
  if (first.value.problem)
    return fail('bad_file', { message: `The header row cannot be read: ${first.value.problem}` });
  const columns = mapHeader(format, first.value.cells);
  const missing = REQUIRED[format].filter((f) => !columns.has(f));
  if (missing.length > 0) {
    const names = missing.map((f) => columnName(format, f)).join(', ');
    return fail('bad_file', {
      message: `The file has no column ${names}: is it a ${format === 'shop' ? 'shop' : 'Shopify'} product CSV?`,
    });
  }
  const col = (field: Field) => columnName(format, field);
  const refusals: ImportRefusal[] = [];
  const refusedLines = new Set<number>();
  const refuse: Refuse = (line, reason) => {
    refusals.push({ line, reason });
    refusedLines.add(line);
  };

  const groups = new Map<string, { product: ProductDraft; rows: Row[]; refused: boolean }>();
  let rows = 0;
  for (const record of records) {
    rows++;
    const { line, cells } = record;
    if (record.problem) {
      refuse(line, record.problem);
      continue;
    }
    let formula = false;
    for (const [field, index] of columns) {
      const raw = cells[index] ?? '';
      if (isFormula(raw)) {
        refuse(
          line,
          `${col(field)} starts with "${raw[0] === '\t' ? 'tab' : raw[0] === '\r' ? 'CR' : raw[0]}": a spreadsheet would run it as a formula (put a ' in front to keep it as text)`,
        );
        formula = true;
      }
    }
    const row: Row = {
      line,
      cell: (field) => {
        const index = columns.get(field);
        return index === undefined ? undefined : decodeCell(cells[index] ?? '').trim();
      },
    };
    const handle = (row.cell('handle') ?? '').toLowerCase();
    if (!handle) {
      refuse(line, `${col('handle')} is empty`);
      continue;
    }
    if (handle.length > LIMITS.handle || !SLUG.test(handle)) {
      refuse(
        line,
        `${col('handle')} "${short(handle)}" may contain only lowercase letters, digits and single dashes (at most ${LIMITS.handle})`,
      );
      continue;
    }
    let group = groups.get(handle);
    if (!group) {
      group = { product: readProduct(format, handle, row, refuse), rows: [], refused: false };
      groups.set(handle, group);
    }
    group.rows.push(row);
    if (formula) group.refused = true;
  }

  const products: ProductDraft[] = [];
  const skus = new Map<string, number>();
  const duplicates: DuplicateSku[] = [];
  const sku = { seen: skus, duplicates, accept: options.acceptDuplicateSkus };
  for (const group of groups.values()) {
    const product = group.product;
    readRows(format, product, group.rows, policy, refuse, sku, (line) => refusedLines.has(line), options.base);
    product.rows = group.rows.length;
    product.refused = group.refused || group.rows.some((r) => refusedLines.has(r.line));
    products.push(product);
  }
  refusals.sort((a, b) => a.line - b.line);
  return ok({ rows, products, refusals, duplicates });
}

/** The product's own fields, from its first row. */
function readProduct(format: CatalogFormat, handle: string, row: Row, refuse: Refuse): ProductDraft {
  const col = (field: Field) => columnName(format, field);
  const { line } = row;
  const text = (field: keyof typeof LIMITS & Field, emptyIsNull: boolean) => {
    const value = row.cell(field);
    if (value === undefined) return undefined;
    if (value === '') return emptyIsNull ? null : '';
    if (value.length > LIMITS[field]) {
      refuse(line, `${col(field)} must be at most ${LIMITS[field]} characters`);
      return undefined;
    }
    return value;
  };

  const name = row.cell('name') ?? '';
  if (!name) refuse(line, `${col('name')} is empty on the product's first row`);
  else if (name.length > LIMITS.name) refuse(line, `${col('name')} must be at most ${LIMITS.name} characters`);

  let description = row.cell('description');
  if (description !== undefined && description.length > RICH_TEXT_CHARS) {
    refuse(line, `${col('description')} must be at most ${RICH_TEXT_CHARS} characters`);
    description = undefined;
  } else if (description !== undefined) {
    // Shopify's body is HTML however it looks; ours may be plain text (an export before rich text).
    description = format === 'shopify' ? sanitizeRichText(description) : richTextFromInput(description);
  }
  let productType = row.cell('type')?.trim();
  if (productType !== undefined && productType.length > PRODUCT_TYPE_CHARS) {
    refuse(line, `${col('type')} must be at most ${PRODUCT_TYPE_CHARS} characters`);
    productType = undefined;
  } else if (format === 'shopify' && productType?.includes('>')) productType = undefined;

  let placement: Placement | undefined;
  if (format === 'shopify') {
    const type = row.cell('type');
    const productCategory = row.cell('productCategory');
    if (type !== undefined || productCategory !== undefined)
      placement = { type: type ?? '', productCategory: productCategory ?? '' };
  } else {
    const category = row.cell('category');
    if (category !== undefined) placement = { category, subcategory: row.cell('subcategory') || null };
  }

  const published = readPublished(format, row, refuse);
  const featured = row.cell('featured');
  // Shopify's Tags are both: the owner's tags, and featured tags where one names a featured card.
  const rawTags = format === 'shopify' ? featured : row.cell('tags');
  const tags = rawTags === undefined ? undefined : dedupe(splitList(rawTags, ','));
  if (tags && (tags.length > MAX_TAGS || tags.some((t) => t.length > TAG_CHARS))) {
    refuse(
      line,
      `${col(format === 'shopify' ? 'featured' : 'tags')}: at most ${MAX_TAGS} tags of at most ${TAG_CHARS} characters`,
    );
  }
  const features = row.cell('features');
  const featureList = features === undefined ? undefined : dedupe(splitList(features, '\n'));
  if (featureList && (featureList.length > 30 || featureList.some((f) => f.length > 300))) {
    refuse(line, `${col('features')}: at most 30 lines of at most 300 characters`);
  }
  return {
    handle,
    line,
    rows: 0,
    refused: false,
    name: name.slice(0, LIMITS.name),
    description,
    productType,
    taxClass: row.cell('taxClass')?.trim() || undefined,
    placement,
    brand: text('brand', true),
    published,
    featured: featured === undefined ? undefined : dedupe(splitList(featured, ',')),
    tags,
    features: featureList,
    images: undefined,
    metaTitle: text('metaTitle', true),
    metaDescription: text('metaDescription', true),
    options: [],
    variants: [],
  };
}

/** Our `published` (true/false); Shopify's `Published` and `Status` (active, draft, archived) together. */
function readPublished(format: CatalogFormat, row: Row, refuse: Refuse): boolean | undefined {
  const col = (field: Field) => columnName(format, field);
  const raw = row.cell('published');
  let published: boolean | undefined;
  if (raw) {
    published = parseBoolean(raw);
    if (published === undefined) refuse(row.line, `${col('published')} must be true or false`);
  }
  const status = row.cell('status')?.toLowerCase();
  if (!status) return published;
  if (!['active', 'draft', 'archived'].includes(status)) {
    refuse(row.line, `${col('status')} must be active, draft or archived`);
    return published;
  }
  return status === 'active' && published !== false;
}

/** The product's option names, variants and pictures from all its rows; later rows may only repeat its fields. */
function readRows(
  format: CatalogFormat,
  product: ProductDraft,
  rows: Row[],
  policy: ImagePolicy,
  refuse: Refuse,
  skus: { seen: Map<string, number>; duplicates: DuplicateSku[]; accept: boolean },
  isRefused: (line: number) => boolean,
  base: CurrencyUnit,
) {
  const col = (field: Field) => columnName(format, field);
  const [head] = rows;
  if (!head) return;
  const names = OPTION_NAME_FIELDS.map((f) => head.cell(f) ?? '');
  // Shopify writes a product without options as one option "Title" with the value "Default Title".
  const defaultTitle = format === 'shopify' && names[0] === 'Title' && head.cell('option1Value') === 'Default Title';
  if (defaultTitle) names[0] = '';
  const declared = readOptionNames(format, names, head.line, refuse);
  product.options = declared.map((name) => ({ name, values: [] }));

  const images: { source: ImageSource; position: number; order: number }[] = [];
  const combos = new Map<string, number>();
  for (const row of rows) {
    if (row !== head) checkRepeats(format, head, row, declared, refuse);
    if (format === 'shop' && row === head) {
      for (const raw of splitList(row.cell('images') ?? '', /\s+/)) {
        const source = imageSource(raw, policy);
        if ('error' in source) refuse(row.line, source.error);
        else images.push({ source, position: images.length, order: images.length });
      }
    }
    if (format === 'shopify') {
      const src = row.cell('imageSrc');
      if (src) {
        const source = imageSource(src, policy);
        const rawPosition = row.cell('imagePosition');
        const position = rawPosition ? parseCount(rawPosition, col('imagePosition'), 1000) : Number.MAX_SAFE_INTEGER;
        if ('error' in source) refuse(row.line, source.error);
        else if (typeof position === 'string') refuse(row.line, position);
        else images.push({ source, position, order: images.length });
      }
      const variantRow = [...OPTION_VALUE_FIELDS, 'sku', 'price'].some((f) => row.cell(f as Field));
      if (!variantRow) continue;
    }
    const variant = readVariant(format, product, row, declared, defaultTitle, refuse, policy, base);
    if (!variant) continue;
    const key = variant.values.map((v) => (v ?? '').toLowerCase()).join('\u0000');
    const sameOptions = combos.get(key);
    if (sameOptions !== undefined) {
      refuse(
        row.line,
        declared.length === 0
          ? `a second variant row for a product without options (first on line ${sameOptions})`
          : `the same option values as line ${sameOptions}`,
      );
      continue;
    }
    combos.set(key, row.line);
    const skuLine = skus.seen.get(variant.sku);
    if (skuLine !== undefined) {
      skus.duplicates.push({ line: row.line, firstLine: skuLine, handle: product.handle, variant });
      if (!skus.accept) {
        refuse(
          row.line,
          `duplicate SKU "${short(variant.sku)}": also on line ${skuLine} (accept the suffixes the check proposes to import it)`,
        );
        continue;
      }
    } else skus.seen.set(variant.sku, row.line);
    product.variants.push(variant);
  }

  if (product.variants.length === 0 && !rows.some((r) => isRefused(r.line))) {
    refuse(head.line, `the product has no variant row (a row with a ${col('price')})`);
  }
  if (product.variants.length > MAX_VARIANTS) refuse(head.line, `a product has at most ${MAX_VARIANTS} variants`);
  for (const option of product.options) {
    if (option.values.length > MAX_OPTION_VALUES) {
      refuse(head.line, `option ${option.name} has more than ${MAX_OPTION_VALUES} values`);
    }
  }
  if (format === 'shopify' || head.cell('images') !== undefined) {
    images.sort((a, b) => a.position - b.position || a.order - b.order);
    const seen = new Set<string>();
    product.images = images
      .map((i) => i.source)
      .filter((s) => {
        const key = s.kind === 'local' ? s.path : s.url;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    if (product.images.length > MAX_IMAGES) refuse(head.line, `a product may have at most ${MAX_IMAGES} images`);
  }
}

function readOptionNames(format: CatalogFormat, names: string[], line: number, refuse: Refuse): string[] {
  const col = (field: Field) => columnName(format, field);
  const declared: string[] = [];
  names.forEach((name, k) => {
    if (!name) return;
    if (declared.length < k)
      refuse(line, `${col(OPTION_NAME_FIELDS[k]!)} is given without ${col(OPTION_NAME_FIELDS[k - 1]!)}`);
    else if (name.length > 40) refuse(line, `${col(OPTION_NAME_FIELDS[k]!)} must be at most 40 characters`);
    else if (declared.some((d) => d.toLowerCase() === name.toLowerCase()))
      refuse(line, `option name ${name} is given twice`);
    else declared.push(name);
  });
  return declared.slice(0, MAX_OPTIONS);
}

/** A later row of a product may leave the product's fields empty or repeat them, nothing else. */
function checkRepeats(format: CatalogFormat, head: Row, row: Row, declared: string[], refuse: Refuse) {
  const col = (field: Field) => columnName(format, field);
  for (const field of PRODUCT_FIELDS) {
    const value = row.cell(field);
    if (value && value !== head.cell(field)) {
      refuse(row.line, `${col(field)} differs from the product's first row (line ${head.line}): leave it empty there`);
    }
  }
  OPTION_NAME_FIELDS.forEach((field, k) => {
    const name = row.cell(field);
    if (name && name.toLowerCase() !== (declared[k] ?? '').toLowerCase()) {
      refuse(
        row.line,
        `option name mismatch: ${col(field)} is "${short(name)}" here but "${declared[k] ?? ''}" on line ${head.line}`,
      );
    }
  });
}

function readVariant(
  format: CatalogFormat,
  product: ProductDraft,
  row: Row,
  declared: string[],
  defaultTitle: boolean,
  refuse: Refuse,
  policy: ImagePolicy,
  base: CurrencyUnit,
): VariantDraft | undefined {
  const col = (field: Field) => columnName(format, field);
  const { line } = row;
  let bad = false;
  const no = (reason: string) => {
    refuse(line, reason);
    bad = true;
  };

  const values: OptionValues = [null, null, null];
  for (const [k, field] of OPTION_VALUE_FIELDS.entries()) {
    let value = row.cell(field) ?? '';
    if (defaultTitle && k === 0 && value === 'Default Title') value = '';
    const name = declared[k];
    if (!name) {
      if (value)
        no(
          `unknown option: ${col(field)} is "${short(value)}" but the product declares no ${col(OPTION_NAME_FIELDS[k]!)}`,
        );
      continue;
    }
    if (!value) {
      no(`${col(field)} is empty: the product declares option ${name}`);
      continue;
    }
    if (value.length > 50) {
      no(`${col(field)} must be at most 50 characters`);
      continue;
    }
    const option = product.options[k]!;
    const known = option.values.find((v) => v.toLowerCase() === value.toLowerCase());
    if (known === undefined) option.values.push(value);
    values[k] = known ?? value;
  }

  const rawPrice = row.cell('price') ?? '';
  const price = rawPrice ? parseMoney(rawPrice, col('price'), base) : `${col('price')} is empty`;
  if (typeof price === 'string') no(price);
  const rawCompare = row.cell('compareAt') ?? '';
  const compare = rawCompare ? parseMoney(rawCompare, col('compareAt'), base) : null;
  if (typeof compare === 'string') no(compare);
  const rawStock = row.cell('stock') ?? '';
  const stock = rawStock ? parseCount(rawStock, col('stock'), MAX_STOCK) : undefined;
  if (typeof stock === 'string') no(stock);
  const rawWeight = row.cell('weight');
  let weight: number | null | undefined = rawWeight === undefined ? undefined : null;
  if (rawWeight) {
    const parsed = rawWeight.length <= 12 && /^\d+(\.\d+)?$/.test(rawWeight) ? Math.round(Number(rawWeight)) : NaN;
    if (Number.isNaN(parsed)) no(`${col('weight')} "${short(rawWeight)}" is not a weight in grams`);
    else weight = parsed;
  }
  const barcode = row.cell('barcode');
  if (barcode && barcode.length > 64) no(`${col('barcode')} must be at most 64 characters`);
  const rawImage = row.cell('variantImage');
  let image: ImageSource | null | undefined = rawImage === undefined ? undefined : null;
  if (rawImage) {
    const source = imageSource(rawImage, policy);
    if ('error' in source) no(source.error);
    else image = source;
  }
  let sku = row.cell('sku') ?? '';
  if (sku.length > MAX_SKU || (sku && !SKU.test(sku)))
    no(`${col('sku')} "${short(sku)}" must be 1–${MAX_SKU} visible characters without spaces`);
  if (!sku) sku = defaultSku(product.handle, values).slice(0, MAX_SKU);

  if (bad || typeof price !== 'number' || typeof compare === 'string' || typeof stock === 'string') return undefined;
  return {
    line,
    sku,
    values,
    priceCents: price,
    compareAtCents: compare !== null && compare > price ? compare : null,
    stock,
    barcode: barcode === undefined ? undefined : barcode || null,
    weightGrams: weight,
    image,
  };
}
