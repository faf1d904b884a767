import { percentOff, slugify } from '@shop/contracts/admin-catalog';
import type { CatalogFormat, ImportRefusal } from '@shop/contracts/admin-catalog-io';
import { STANDARD_CLASS } from '@shop/contracts/tax';
import { type ProductOption, specLists } from '@shop/contracts/variants';
import type { ProductVariant } from '../../db/schema.ts';
import { effectivePrices } from '../stock/index.ts';
import type { Placement, ProductDraft, VariantDraft } from './drafts.ts';
import { type ImageSource, storedPath } from './images.ts';

/**
 * What an import changes, decided without I/O from the file's drafts and the catalogue as it
 * is: each product and variant is created, updated or unchanged, or the product is refused. Products
 * are matched by handle (slug), variants by SKU, else by their option values; so a second run of the
 * same file finds everything unchanged. The same plan is the dry run's answer and, computed again inside
 * the apply's transaction on locked rows, what the apply writes.
 *
 * Prices: a variant's price and compare-at are written on the variant only where they differ from the
 * product's; the product's sale price is the lowest variant price (what lists show) and its regular
 * price that variant's compare-at (or its price when it has none).
 */

export interface CatalogRefs {
  categories: { id: string; name: string; subcategories: { id: number; slug: string; name: string }[] }[];
  featured: { slug: string; name: string }[];
  brands: { id: string; name: string; slug: string }[];
}

export type ExistingVariant = Pick<
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
  | 'barcode'
  | 'weightGrams'
  | 'position'
>;

export interface ExistingProduct {
  id: string;
  slug: string;
  name: string;
  description: string;
  productType: string;
  taxClass: string;
  categoryId: string;
  subcategoryId: number | null;
  brandId: string | null;
  published: boolean;
  featured: string[];
  features: string[];
  tags: string[];
  images: string[];
  missingImages: string[];
  metaTitle: string | null;
  metaDescription: string | null;
  options: ProductOption[];
  regularPriceCents: number;
  salePriceCents: number;
  percentageDiscount: number;
  variants: ExistingVariant[];
}

/** The product columns an import sets. */
export interface ProductValues {
  name: string;
  description: string;
  productType: string;
  taxClass: string;
  categoryId: string;
  subcategoryId: number | null;
  brandId: string | null;
  published: boolean;
  featured: string[];
  features: string[];
  tags: string[];
  images: string[];
  /** Addresses of the file's pictures that could not be fetched (imported without them). */
  missingImages: string[];
  metaTitle: string | null;
  metaDescription: string | null;
  options: ProductOption[];
  colors: string[];
  availableSizes: string[];
  regularPriceCents: number;
  salePriceCents: number;
  percentageDiscount: number;
}

export interface VariantValues {
  sku: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  priceCents: number | null;
  compareAtCents: number | null;
  available: number;
  image: string | null;
  barcode: string | null;
  weightGrams: number | null;
  position: number;
}

export type Action = 'create' | 'update' | 'unchanged';

export interface VariantPlan {
  action: Action;
  id: string | undefined;
  values: VariantValues;
  /** Stock added (negative: removed), for the stock movement. */
  stockDelta: number;
  /**
   * Whether its row is written. `action` says whether what it sells changed (its prices as sold); a
   * variant whose price merely moves from "the product's" to its own (the product's price changed) is
   * written but unchanged.
   */
  write: boolean;
}

export interface ProductPlan {
  action: Action;
  /** The existing product's id; undefined when it is created. */
  id: string | undefined;
  handle: string;
  /** Rows of the file it came from (for progress). */
  rows: number;
  /** Whether the product's own row changes (a product can also change through its variants only). */
  productChanged: boolean;
  values: ProductValues;
  variants: VariantPlan[];
  /** Its stock goes from 0 to more: waiting shoppers are told. */
  restocked: boolean;
}

export interface Plan {
  products: ProductPlan[];
  brands: { id: string; name: string; slug: string }[];
  /** Remote pictures the plan refers to (each once), with the first line naming each. */
  remoteImages: (Extract<ImageSource, { kind: 'remote' }> & { line: number })[];
  refusals: ImportRefusal[];
  /** Products refused because they match no category and no default category was chosen. */
  uncategorized: number;
}

export interface PlanInput {
  format: CatalogFormat;
  drafts: ProductDraft[];
  refs: CatalogRefs;
  /** The catalogue's products with the drafts' handles, with their variants. */
  existing: Map<string, ExistingProduct>;
  /** The owners (product slugs) of the drafts' SKUs. */
  skuOwners: Map<string, string>;
  defaultCategory: string | undefined;
  /** The store's tax class codes (Settings › Tax): a product's class must be one of them. */
  taxClasses: readonly string[];
  /** Upload ids of pictures that could not be fetched: the products are planned without them. */
  failedImages?: ReadonlySet<string>;
}

/** Names compare without regard to case, accents or spaces around ("Décor" is "decor"). */
const lower = (s: string) => s.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Why a product cannot be placed; `uncategorized` when it matches no category (a default would place it). */
type Unplaced = { reason: string; uncategorized: boolean };

/** Resolves the references of a file against the catalogue: categories, brands (made as needed), tags. */
function createResolver(refs: CatalogRefs, defaultCategory: string | undefined) {
  const brands = new Map<string, { id: string; name: string; slug: string }>();
  for (const b of refs.brands) {
    brands.set(`name:${lower(b.name)}`, b);
    brands.set(`slug:${b.slug}`, b);
  }
  const takenIds = new Set(refs.brands.map((b) => b.id));
  const takenSlugs = new Set(refs.brands.map((b) => b.slug));
  const created: { id: string; name: string; slug: string }[] = [];
  const featured = new Map<string, string>();
  for (const f of refs.featured) {
    featured.set(lower(f.slug), f.slug);
    featured.set(lower(f.name), f.slug);
  }
  const findCategory = (text: string) =>
    refs.categories.find((c) => lower(c.id) === lower(text) || lower(c.name) === lower(text));
  const findSub = (category: CatalogRefs['categories'][number], text: string) =>
    category.subcategories.find((s) => lower(s.slug) === lower(text) || lower(s.name) === lower(text));

  /** A Type or a Product Category segment: a subcategory in exactly one category, a category, or `Category > Subcategory`. */
  function placeByName(
    name: string,
    column: string,
  ): { categoryId: string; subcategoryId: number | null } | Unplaced | { unknown: true } {
    const [head, tail, ...more] = name.split('>').map((p) => p.trim());
    if (tail !== undefined && more.length === 0) {
      const category = findCategory(head ?? '');
      const sub = category && findSub(category, tail);
      if (category && sub) return { categoryId: category.id, subcategoryId: sub.id };
      if (category && !tail) return { categoryId: category.id, subcategoryId: null };
      return { unknown: true };
    }
    const subs = refs.categories.flatMap((c) => {
      const sub = findSub(c, name);
      return sub ? [{ categoryId: c.id, subcategoryId: sub.id }] : [];
    });
    if (subs.length === 1) return subs[0]!;
    if (subs.length > 1)
      return {
        reason: `${column} "${name}" is a subcategory of several categories: write "Category > ${name}" in Type`,
        uncategorized: false,
      };
    const category = findCategory(name);
    if (category) return { categoryId: category.id, subcategoryId: null };
    return { unknown: true };
  }

  return {
    created,
    /**
     * Whether a Shopify Type names one of the shop's categories: then it only places the product (our
     * export writes a product without a type so), and is not its type.
     */
    isCategoryName: (text: string) => findCategory(text) !== undefined,
    /**
     * A category and subcategory for the product's placement, or why not (`uncategorized`: it matches
     * none of the shop's, and a default category would place it).
     */
    place(placement: Placement): { categoryId: string; subcategoryId: number | null } | Unplaced {
      const fallback = (why: string): { categoryId: string; subcategoryId: null } | Unplaced => {
        const category = defaultCategory === undefined ? undefined : findCategory(defaultCategory);
        return category
          ? { categoryId: category.id, subcategoryId: null }
          : { reason: `${why}: name one of the shop's categories, or choose a default category`, uncategorized: true };
      };
      const no = (reason: string): Unplaced => ({ reason, uncategorized: false });
      if ('category' in placement) {
        if (!placement.category) return fallback('the category is empty');
        const category = findCategory(placement.category);
        if (!category) return fallback(`unknown category "${placement.category}"`);
        if (placement.subcategory === null) return { categoryId: category.id, subcategoryId: null };
        const sub = findSub(category, placement.subcategory);
        if (!sub) return no(`the subcategory "${placement.subcategory}" is not in the category ${category.name}`);
        return { categoryId: category.id, subcategoryId: sub.id };
      }
      const { type, productCategory } = placement;
      const byType = type ? placeByName(type, 'Type') : undefined;
      if (byType && !('unknown' in byType)) return byType;
      // Shopify's taxonomy path ("Apparel & Accessories > Clothing > Shirts"): its last segment is the kind.
      const last = productCategory.split('>').at(-1)?.trim() ?? '';
      const byCategory = last ? placeByName(last, 'Product Category') : undefined;
      if (byCategory && !('unknown' in byCategory)) return byCategory;
      if (!type && !last) return fallback('Type and Product Category are empty');
      const named = [type ? `Type "${type}"` : undefined, last ? `Product Category "${productCategory}"` : undefined]
        .filter(Boolean)
        .join(' and ');
      return fallback(`${named} match no category or subcategory`);
    },
    /** The brand of that name (or slug); one is made when there is none. */
    brand(name: string): string {
      const found = brands.get(`name:${lower(name)}`) ?? brands.get(`slug:${slugify(name)}`);
      if (found) return found.id;
      const base = slugify(name) === 'product' && !/product/i.test(name) ? 'brand' : slugify(name).slice(0, 50);
      let slug = base;
      for (let n = 2; takenSlugs.has(slug) || takenIds.has(slug); n++) slug = `${base}-${n}`;
      const brand = { id: slug, name, slug };
      takenSlugs.add(slug);
      takenIds.add(slug);
      brands.set(`name:${lower(name)}`, brand);
      brands.set(`slug:${slug}`, brand);
      created.push(brand);
      return brand.id;
    },
    /** Featured slugs of the tags; `strict` refuses an unknown one (our CSV), else it is left out (Shopify tags). */
    featured(tags: string[], strict: boolean): string[] | string {
      const out: string[] = [];
      for (const tag of tags) {
        const slug = featured.get(lower(tag));
        if (slug !== undefined) {
          if (!out.includes(slug)) out.push(slug);
        } else if (strict) return `unknown featured tag "${tag}"`;
      }
      return out;
    },
  };
}

/** The product's prices from its variants (see above). */
function productPrices(variants: VariantDraft[]) {
  let cheapest = variants[0]!;
  for (const v of variants) if (v.priceCents < cheapest.priceCents) cheapest = v;
  const sale = cheapest.priceCents;
  const regular = cheapest.compareAtCents ?? sale;
  return { salePriceCents: sale, regularPriceCents: regular, percentageDiscount: percentOff(regular, sale) };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
const sameOptions = (a: ProductOption[], b: ProductOption[]) =>
  a.length === b.length && a.every((o, i) => o.name === b[i]!.name && sameList(o.values, b[i]!.values));

function productChanged(before: ExistingProduct, after: ProductValues): boolean {
  return (
    before.name !== after.name ||
    before.description !== after.description ||
    before.productType !== after.productType ||
    before.taxClass !== after.taxClass ||
    before.categoryId !== after.categoryId ||
    before.subcategoryId !== after.subcategoryId ||
    before.brandId !== after.brandId ||
    before.published !== after.published ||
    !sameList(before.featured, after.featured) ||
    !sameList(before.features, after.features) ||
    !sameList(before.images, after.images) ||
    before.metaTitle !== after.metaTitle ||
    before.metaDescription !== after.metaDescription ||
    !sameList(before.tags, after.tags) ||
    !sameList(before.missingImages, after.missingImages) ||
    !sameOptions(before.options, after.options) ||
    before.regularPriceCents !== after.regularPriceCents ||
    before.salePriceCents !== after.salePriceCents ||
    before.percentageDiscount !== after.percentageDiscount
  );
}

const VARIANT_KEYS = [
  'sku',
  'option1',
  'option2',
  'option3',
  'available',
  'image',
  'barcode',
  'weightGrams',
  'position',
] as const;

/** Matches the drafts' variants to the product's: by SKU first, then by option values; `unmatched` are left over. */
function matchVariants(drafts: VariantDraft[], existing: ExistingVariant[]) {
  const bySku = new Map(existing.map((v) => [v.sku, v]));
  const used = new Set<string>();
  const matched = drafts.map((d) => {
    const v = bySku.get(d.sku);
    if (v) used.add(v.id);
    return v;
  });
  const key = (values: readonly (string | null)[]) => values.map((x) => (x ?? '').toLowerCase()).join('\u0000');
  const byValues = new Map<string, ExistingVariant>();
  for (const v of existing) if (!used.has(v.id)) byValues.set(key([v.option1, v.option2, v.option3]), v);
  drafts.forEach((d, i) => {
    if (matched[i]) return;
    const v = byValues.get(key(d.values));
    if (v && !used.has(v.id)) {
      matched[i] = v;
      used.add(v.id);
    }
  });
  return { matched, unmatched: existing.filter((v) => !used.has(v.id)) };
}

/** The plan of one import (see the comment at the top). */
export function planImport(input: PlanInput): Plan {
  const resolve = createResolver(input.refs, input.defaultCategory);
  const refusals: ImportRefusal[] = [];
  const products: ProductPlan[] = [];
  const remote = new Map<string, Plan['remoteImages'][number]>();
  const failed = input.failedImages ?? new Set<string>();
  const isFailed = (source: ImageSource | null | undefined) => source?.kind === 'remote' && failed.has(source.uploadId);
  let uncategorized = 0;

  for (const draft of input.drafts) {
    if (draft.refused) continue;
    const before = input.existing.get(draft.handle);
    const refuse = (line: number, reason: string) => refusals.push({ line, reason });
    const count = refusals.length;

    let placement: { categoryId: string; subcategoryId: number | null } | undefined;
    if (draft.placement || !before) {
      const placed = resolve.place(draft.placement ?? { category: '', subcategory: null });
      if ('reason' in placed) {
        refuse(draft.line, placed.reason);
        if (placed.uncategorized) uncategorized++;
      } else placement = placed;
    }
    if (draft.taxClass !== undefined && !input.taxClasses.includes(draft.taxClass)) {
      refuse(draft.line, `There is no tax class "${draft.taxClass}": add it in Settings › Tax`);
    }
    let featured: string[] | undefined;
    if (draft.featured) {
      const tags = resolve.featured(draft.featured, input.format === 'shop');
      if (typeof tags === 'string') refuse(draft.line, tags);
      else featured = tags;
    }
    for (const v of draft.variants) {
      const owner = input.skuOwners.get(v.sku);
      if (owner !== undefined && owner !== draft.handle) {
        refuse(v.line, `duplicate SKU "${v.sku}": it belongs to the product ${owner}`);
      }
    }
    const { matched, unmatched } = matchVariants(draft.variants, before?.variants ?? []);
    if (unmatched.length > 0) {
      const skus = unmatched.map((v) => v.sku);
      refuse(
        draft.line,
        `the product's variants ${skus.slice(0, 5).join(', ')}${skus.length > 5 ? ` and ${skus.length - 5} more` : ''} are not in the file: add their rows, or delete them in the product editor first`,
      );
    }
    if (refusals.length > count) continue;

    const prices = productPrices(draft.variants);
    // Pictures that could not be fetched are left out and kept as addresses to fetch again.
    const images = draft.images?.filter((i) => !isFailed(i)).map(storedPath);
    const missing = [...(draft.images ?? []), ...draft.variants.map((v) => v.image)].flatMap((i) =>
      i?.kind === 'remote' && isFailed(i) ? [i.url] : [],
    );
    const named = [
      ...(draft.images ?? []).map((source) => ({ source, line: draft.line })),
      ...draft.variants.map((v) => ({ source: v.image, line: v.line })),
    ];
    for (const { source, line } of named) {
      if (source?.kind === 'remote' && !remote.has(source.uploadId)) remote.set(source.uploadId, { ...source, line });
    }
    const options = draft.options.map((o) => ({ name: o.name, values: [...o.values] }));
    const lists = specLists(options);
    const values: ProductValues = {
      name: draft.name,
      description: draft.description ?? before?.description ?? '',
      productType:
        draft.productType === undefined || resolve.isCategoryName(draft.productType)
          ? (before?.productType ?? '')
          : draft.productType,
      taxClass: draft.taxClass ?? before?.taxClass ?? STANDARD_CLASS,
      categoryId: placement?.categoryId ?? before!.categoryId,
      subcategoryId: placement ? placement.subcategoryId : before!.subcategoryId,
      brandId:
        draft.brand === undefined
          ? (before?.brandId ?? null)
          : draft.brand === null
            ? null
            : resolve.brand(draft.brand),
      published: draft.published ?? before?.published ?? false,
      featured: featured ?? before?.featured ?? [],
      features: draft.features ?? before?.features ?? [],
      tags: draft.tags ?? before?.tags ?? [],
      images: images ?? before?.images ?? [],
      missingImages:
        draft.images === undefined
          ? [...new Set([...(before?.missingImages ?? []), ...missing])]
          : [...new Set(missing)],
      metaTitle: draft.metaTitle === undefined ? (before?.metaTitle ?? null) : draft.metaTitle,
      metaDescription: draft.metaDescription === undefined ? (before?.metaDescription ?? null) : draft.metaDescription,
      options,
      colors: lists.colors,
      availableSizes: lists.sizes,
      ...prices,
    };

    const variants = draft.variants.map((d, position): VariantPlan => {
      const old = matched[position];
      // What the variant is sold at and struck through from: its compare-at, or its price (no sale).
      const effectiveCompare = d.compareAtCents ?? d.priceCents;
      // A variant without its own compare-at inherits the product's regular price (ADR 023): it stays
      // empty unless that would show a sale the file does not give, where its price says "no sale".
      const inheritedIsRight =
        d.compareAtCents === null
          ? prices.regularPriceCents <= d.priceCents
          : d.compareAtCents === prices.regularPriceCents;
      const next: VariantValues = {
        sku: d.sku,
        option1: d.values[0],
        option2: d.values[1],
        option3: d.values[2],
        priceCents: d.priceCents === prices.salePriceCents ? null : d.priceCents,
        compareAtCents: inheritedIsRight ? null : effectiveCompare,
        available: d.stock ?? old?.available ?? 0,
        image:
          d.image === undefined
            ? (old?.image ?? null)
            : d.image === null || isFailed(d.image)
              ? null
              : storedPath(d.image),
        barcode: d.barcode === undefined ? (old?.barcode ?? null) : d.barcode,
        weightGrams: d.weightGrams === undefined ? (old?.weightGrams ?? null) : d.weightGrams,
        position,
      };
      if (!old) return { action: 'create', id: undefined, values: next, stockDelta: next.available, write: true };
      const { priceCents: oldPrice, compareAtCents: oldInherited } = effectivePrices(old, before!);
      const oldCompare = oldInherited > oldPrice ? oldInherited : oldPrice;
      const changed =
        VARIANT_KEYS.some((k) => old[k] !== next[k]) || oldPrice !== d.priceCents || oldCompare !== effectiveCompare;
      return {
        action: changed ? 'update' : 'unchanged',
        id: old.id,
        values: next,
        stockDelta: next.available - old.available,
        write: changed || old.priceCents !== next.priceCents || old.compareAtCents !== next.compareAtCents,
      };
    });
    const ownChanged = !before || productChanged(before, values);
    const anyVariant = variants.some((v) => v.write);
    const stockBefore = before?.variants.reduce((sum, v) => sum + v.available, 0) ?? 0;
    const stockAfter = variants.reduce((sum, v) => sum + v.values.available, 0);
    products.push({
      action: !before ? 'create' : ownChanged || anyVariant ? 'update' : 'unchanged',
      id: before?.id,
      handle: draft.handle,
      rows: draft.rows,
      productChanged: ownChanged,
      values,
      variants,
      restocked: before !== undefined && stockBefore === 0 && stockAfter > 0,
    });
  }
  // Brands are made only for products that are not refused.
  const used = new Set(products.map((p) => p.values.brandId));
  return {
    products,
    brands: resolve.created.filter((b) => used.has(b.id)),
    remoteImages: [...remote.values()],
    refusals,
    uncategorized,
  };
}

/** Counts of a plan, as the report shows them. */
export function planCounts(plan: Plan) {
  const tally = () => ({ create: 0, update: 0, unchanged: 0 });
  const products = tally();
  const variants = tally();
  for (const p of plan.products) {
    products[p.action]++;
    for (const v of p.variants) variants[v.action]++;
  }
  return { products, variants, brands: { create: plan.brands.length } };
}
