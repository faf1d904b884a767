import {
  type AdminProduct,
  type AdminProductList,
  type AdminProductListQuery,
  type BulkEditBody,
  type BulkPublishBody,
  type CreateProductBody,
  type ProductFormOptions,
  type ProductSales,
  resolvePricing,
  type StockAdjustmentBody,
  type StockAdjustmentResult,
  type StockMovement,
  type StockMovementList,
  slugify,
  type UpdateProductBody,
  type UploadedImage,
} from '@shop/contracts/admin-catalog';
import { type CurrencyUnit, fromMinor, toMinor } from '@shop/contracts/currency';
import { MAX_OPTIONS, optionsFromLists, type ProductOption, splitEvenly } from '@shop/contracts/variants';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { transactionResult } from '../../db/transaction.ts';
import { type AmountFailure, amountProblem } from '../../lib/base-amounts.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { richTextFromInput } from '../../lib/rich-text.ts';
import type { Deps } from '../../services.ts';
import type { Actor, AuditService } from '../audit/index.ts';
import type { BackInStockService } from '../back-in-stock/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { MediaService, UploadFailure } from '../media/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { type BulkFailure, bulkEdit } from './bulk.ts';
import {
  actorEmail,
  brandExists,
  emailOf,
  findCategoryId,
  findSubcategoryId,
  insertMovement,
  insertProduct,
  knownFeaturedTags,
  lockForUpdate,
  lockPublishState,
  lockVariants,
  type ProductValues,
  productExists,
  readRow,
  selectFormOptions,
  selectMovements,
  selectProductPage,
  selectSales,
  selectVariants,
  setPublished,
  stockOf,
  touchProduct,
  updateProduct,
  updateVariant,
} from './repository.ts';
import { generatedRows, optionsWithLists, spreadAdjustment } from './variant-plan.ts';
import { saveVariants, specColumns, type VariantFailure, variantRequest } from './variants.ts';
import { type AdminRow, toAdminWire, toMovementWire, toSalesLineWire } from './wire.ts';

type ProductNotFound = Failure<'product_not_found'>;

/** A category, subcategory, brand or featured tag the product form named that is not there. */
type RefFailure =
  | Failure<'unknown_category', { category: string }>
  | Failure<'subcategory_mismatch', { subcategory: string; category: string }>
  | Failure<'unknown_brand', { brand: string }>
  | Failure<'unknown_featured', { tags: string[] }>
  | Failure<'unknown_tax_class', { taxClass: string; path: string }>;

/** Prices that contradict each other (contracts `resolvePricing` says how). */
type PricingFailure = Failure<'invalid_pricing', { message: string }>;

/** Admin Products' expected failures. */
export type AdminCatalogFailure =
  | ProductNotFound
  | RefFailure
  | PricingFailure
  | Failure<'products_not_found', { ids: string[] }>
  | Failure<'slug_taken', { slug: string | undefined }>
  | Failure<'no_free_slug'>
  | Failure<'not_enough_stock', { available: number; delta: number; sku: string | null }>
  | Failure<'variant_not_found'>
  | Failure<'too_many_options'>
  | VariantFailure
  | BulkFailure
  | AmountFailure
  | UploadFailure;

function pricing(
  regularCents: number,
  saleCents: number | undefined,
  percentage: number | undefined,
  fallback = 0,
): Result<{ saleCents: number; percentage: number }, PricingFailure> {
  const result = resolvePricing({ regularCents, saleCents, percentage, fallbackPercentage: fallback });
  if ('error' in result) return fail('invalid_pricing', { message: result.error });
  return ok(result);
}

/**
 * Admin Products. Every change runs in one transaction with its audit entry and empties the
 * catalogue's caches afterwards, so the storefront shows it at once.
 */
export function createAdminCatalogService(
  { db, clock }: Deps,
  {
    catalog,
    backInStock,
    audit,
    media,
    settings,
  }: {
    catalog: CatalogService;
    backInStock: BackInStockService;
    audit: AuditService;
    media: MediaService;
    settings: SettingsService;
  },
) {
  /** The base currency: every price is in its minor units (docs/adr/050-currencies.md). */
  async function baseUnit(): Promise<CurrencyUnit> {
    return (await settings.get()).currencies.base;
  }

  /** A price of the body with more decimals than the base has, on its field; undefined when none. */
  function priceProblem(
    body: {
      regular_price?: number;
      sale_price?: number;
      variants?: { price: number | null; compare_at_price: number | null }[];
    },
    base: CurrencyUnit,
  ): AmountFailure | undefined {
    return amountProblem(
      [
        { path: 'regular_price', amount: body.regular_price },
        { path: 'sale_price', amount: body.sale_price },
        ...(body.variants ?? []).flatMap((v, i) => [
          { path: `variants.${i}.price`, amount: v.price },
          { path: `variants.${i}.compare_at_price`, amount: v.compare_at_price },
        ]),
      ],
      base,
      'Prices',
    );
  }

  /** Products with their variants, as staff see them. */
  async function withVariants(ex: Db | Tx, rows: AdminRow[]): Promise<AdminProduct[]> {
    const [variants, base] = await Promise.all([
      selectVariants(
        ex,
        rows.map((r) => r.id),
      ),
      baseUnit(),
    ]);
    return rows.map((row) =>
      toAdminWire(
        row,
        variants.filter((v) => v.productId === row.id),
        base,
      ),
    );
  }

  /** Read inside a transaction right after writing it: not finding it is a broken invariant. */
  async function readWritten(tx: Tx, id: string): Promise<AdminProduct> {
    const row = await readRow(tx, id);
    if (!row) throw new Error(`product ${id} not found after writing it`);
    const [product] = await withVariants(tx, [row]);
    return product as AdminProduct;
  }

  /** A product that comes back into stock mails its waiting subscribers (queued with the change). */
  async function restocked(tx: Tx, id: string, before: number, after: number) {
    if (before === 0 && after > 0) await backInStock.queueNotification(tx, [id]);
  }

  /** Category, subcategory, brand and featured tags must exist; the subcategory must belong to the category. */
  async function resolveRefs(
    ex: Tx,
    refs: { category: string; subcategory: string | null; brand: string | null; featured?: string[] },
  ): Promise<Result<{ categoryId: string; subcategoryId: number | null; brandId: string | null }, RefFailure>> {
    const categoryId = await findCategoryId(ex, refs.category);
    if (!categoryId) return fail('unknown_category', { category: refs.category });
    let subcategoryId: number | null = null;
    if (refs.subcategory !== null) {
      const sub = await findSubcategoryId(ex, categoryId, refs.subcategory);
      if (sub === undefined)
        return fail('subcategory_mismatch', { subcategory: refs.subcategory, category: categoryId });
      subcategoryId = sub;
    }
    if (refs.brand !== null && !(await brandExists(ex, refs.brand)))
      return fail('unknown_brand', { brand: refs.brand });
    if (refs.featured && refs.featured.length > 0) {
      const known = await knownFeaturedTags(ex, refs.featured);
      const unknown = refs.featured.filter((f) => !known.has(f));
      if (unknown.length > 0) return fail('unknown_featured', { tags: unknown });
    }
    return ok({ categoryId, subcategoryId, brandId: refs.brand });
  }

  /**
   * The tax classes a product and its variants name must be Settings › Tax's
   * (docs/adr/049-tax-by-destination.md); the first that is not, with the body's field that names it.
   */
  async function unknownTaxClass(
    tx: Tx,
    body: { tax_class?: string; variants?: { tax_class?: string | null }[] },
  ): Promise<RefFailure | undefined> {
    const named = [
      { path: 'tax_class', taxClass: body.tax_class },
      ...(body.variants ?? []).map((v, i) => ({ path: `variants.${i}.tax_class`, taxClass: v.tax_class })),
    ].filter((n): n is { path: string; taxClass: string } => typeof n.taxClass === 'string');
    if (named.length === 0) return undefined;
    const { tax } = await settings.current(tx);
    const unknown = named.find((n) => !tax.classes.some((c) => c.code === n.taxClass));
    return unknown ? fail('unknown_tax_class', unknown) : undefined;
  }

  async function afterChange() {
    await catalog.invalidate();
  }

  /**
   * Inserts the product under `slug` with its variants: the grid sent, or every combination of the options
   * with `available` split evenly over them. A taken slug throws the database's unique violation.
   */
  function create(actor: Actor, body: CreateProductBody, slug: string, base: CurrencyUnit) {
    return transactionResult<AdminProduct, RefFailure | PricingFailure | VariantFailure>(db, async (tx) => {
      const refs = await resolveRefs(tx, body);
      if (!refs.ok) return refs;
      const taxProblem = await unknownTaxClass(tx, body);
      if (taxProblem) return taxProblem;
      const regularCents = toMinor(body.regular_price, base.digits);
      const price = pricing(
        regularCents,
        body.sale_price === undefined ? undefined : toMinor(body.sale_price, base.digits),
        body.percentage_discount,
      );
      if (!price.ok) return price;
      const options = body.options ?? optionsFromLists(body.colors ?? [], body.available_sizes ?? []);
      let rows = body.variants?.map((v) => variantRequest(v, base));
      if (!rows) {
        const generated = generatedRows(options, new Map());
        if (!generated.ok) return generated;
        const stock = splitEvenly(body.available ?? 0, generated.value.length);
        rows = generated.value.map((row, i) => ({ ...row, available: stock[i] }));
      }
      const now = clock.now();
      const id = await insertProduct(tx, {
        slug,
        name: body.name,
        description: richTextFromInput(body.description),
        productType: body.product_type,
        taxClass: body.tax_class,
        ...refs.value,
        regularPriceCents: regularCents,
        salePriceCents: price.value.saleCents,
        percentageDiscount: price.value.percentage,
        images: body.images,
        ...specColumns(options),
        features: body.features,
        featured: body.featured,
        tags: body.tags,
        published: body.published,
        metaTitle: body.meta_title ?? null,
        metaDescription: body.meta_description ?? null,
        // The variants' roll-up trigger sums their stock into the product (ADR 023).
        available: 0,
        dateAdded: now,
        modifiedDate: now,
        modifiedBy: actorEmail(actor),
      });
      const saved = await saveVariants(tx, {
        productId: id,
        slug,
        oldOptions: [],
        options,
        rows,
        actorId: actor.userId,
        now,
        note: 'Initial stock',
      });
      if (!saved.ok) return saved;
      const after = await readWritten(tx, id);
      await audit.record(tx, actor, { action: 'product.create', entityType: 'product', entityId: id, after });
      return ok(after);
    });
  }

  /** What a unique violation of a product write means: a taken slug, or a SKU taken in a race. */
  function uniqueFailure(constraint: string, slug: string | undefined): AdminCatalogFailure {
    return constraint.includes('sku') ? fail('sku_taken', { skus: [] }) : fail('slug_taken', { slug });
  }

  return {
    /** The admin list: every product (drafts too), searched, filtered, sorted and paged. */
    async list(query: AdminProductListQuery): Promise<AdminProductList> {
      const { rows, total } = await selectProductPage(db, query);
      return { items: await withVariants(db, rows), total, page: query.page, limit: query.limit };
    },

    /** One product with every field, published or not. */
    async get(id: string): Promise<Result<AdminProduct, ProductNotFound>> {
      const row = await readRow(db, id);
      if (!row) return fail('product_not_found');
      const [product] = await withVariants(db, [row]);
      return ok(product as AdminProduct);
    },

    /** The choices of the product form: categories with subcategories and featured tags, brands. */
    async formOptions(): Promise<ProductFormOptions> {
      const [cats, subs, cards, brandRows] = await selectFormOptions(db);
      return {
        categories: cats.map((c) => ({
          id: c.id,
          name: c.name,
          subcategories: subs.filter((s) => s.categoryId === c.id).map((s) => ({ slug: s.slug, name: s.name })),
          featured: cards.filter((f) => f.categoryId === c.id).map((f) => ({ slug: f.slug, name: f.name })),
        })),
        brands: brandRows.map((b) => ({ id: b.id, name: b.name })),
      };
    },

    /**
     * Creates a product. Without a slug one is made from the name (a suffix when taken); a slug given
     * that is taken is `slug_taken`. Initial stock is recorded as an adjustment.
     */
    async create(actor: Actor, body: CreateProductBody): Promise<Result<AdminProduct, AdminCatalogFailure>> {
      const currency = await baseUnit();
      const refused = priceProblem(body, currency);
      if (refused) return refused;
      const base = body.slug ?? slugify(body.name);
      for (let attempt = 0; ; attempt++) {
        const slug = attempt === 0 ? base : `${base}-${Math.random().toString(36).slice(2, 7)}`;
        try {
          const created = await create(actor, body, slug, currency);
          if (created.ok) await afterChange();
          return created;
        } catch (err) {
          const constraint = uniqueViolation(err);
          if (constraint === undefined) throw err;
          if (constraint.includes('sku')) return uniqueFailure(constraint, body.slug);
          if (body.slug !== undefined) return fail('slug_taken', { slug: body.slug });
          if (attempt >= 4) return fail('no_free_slug');
        }
      }
    },

    /** Changes the fields given; before and after go to the audit log. */
    async update(
      actor: Actor,
      id: string,
      body: UpdateProductBody,
    ): Promise<Result<AdminProduct, AdminCatalogFailure>> {
      const currency = await baseUnit();
      const refused = priceProblem(body, currency);
      if (refused) return refused;
      let updated: Result<AdminProduct, AdminCatalogFailure>;
      try {
        updated = await transactionResult(db, async (tx) => {
          const locked = await lockForUpdate(tx, id);
          if (!locked) return fail('product_not_found');
          const before = await readWritten(tx, id);

          const values: ProductValues = {};
          if (body.name !== undefined) values.name = body.name;
          if (body.slug !== undefined) values.slug = body.slug;
          if (body.description !== undefined) values.description = richTextFromInput(body.description);
          if (body.product_type !== undefined) values.productType = body.product_type;
          const taxProblem = await unknownTaxClass(tx, body);
          if (taxProblem) return taxProblem;
          if (body.tax_class !== undefined) values.taxClass = body.tax_class;
          if (body.images !== undefined) values.images = body.images;
          if (body.meta_title !== undefined) values.metaTitle = body.meta_title;
          if (body.meta_description !== undefined) values.metaDescription = body.meta_description;
          if (body.features !== undefined) values.features = body.features;
          if (body.featured !== undefined) values.featured = body.featured;
          if (body.tags !== undefined) values.tags = body.tags;
          if (body.published !== undefined) values.published = body.published;

          if (
            body.category !== undefined ||
            body.subcategory !== undefined ||
            body.brand !== undefined ||
            body.featured !== undefined
          ) {
            const category = body.category ?? before.category;
            // A new category drops a subcategory of the old one unless a new one is given.
            let subcategory = body.subcategory === undefined ? before.subcategory : body.subcategory;
            if (body.subcategory === undefined && category !== before.category) subcategory = null;
            const refs = await resolveRefs(tx, {
              category,
              subcategory,
              brand: body.brand === undefined ? before.brand : body.brand,
              featured: body.featured,
            });
            if (!refs.ok) return refs;
            Object.assign(values, refs.value);
          }

          if (
            body.regular_price !== undefined ||
            body.sale_price !== undefined ||
            body.percentage_discount !== undefined
          ) {
            const regularCents =
              body.regular_price === undefined
                ? locked.regularPriceCents
                : toMinor(body.regular_price, currency.digits);
            const price = pricing(
              regularCents,
              body.sale_price === undefined ? undefined : toMinor(body.sale_price, currency.digits),
              body.percentage_discount,
              locked.percentageDiscount,
            );
            if (!price.ok) return price;
            values.regularPriceCents = regularCents;
            values.salePriceCents = price.value.saleCents;
            values.percentageDiscount = price.value.percentage;
          }

          // The options (or the documented lists they carry) and the variants' grid.
          let options: ProductOption[] | undefined = body.options;
          if (!options && (body.colors !== undefined || body.available_sizes !== undefined)) {
            options = optionsWithLists(locked.options, body.colors, body.available_sizes);
            if (options.length > MAX_OPTIONS) return fail('too_many_options');
          }
          if (options !== undefined || body.variants !== undefined) {
            const saved = await saveVariants(tx, {
              productId: id,
              slug: body.slug ?? locked.slug,
              oldOptions: locked.options,
              options: options ?? locked.options,
              rows: body.variants?.map((v) => variantRequest(v, currency)),
              actorId: actor.userId,
              now: clock.now(),
              note: 'Stock set in the product editor',
            });
            if (!saved.ok) return saved;
            if (options) Object.assign(values, specColumns(options));
            await restocked(tx, id, saved.value.before, saved.value.after);
          }

          await updateProduct(tx, id, { ...values, modifiedDate: clock.now(), modifiedBy: actorEmail(actor) });
          const after = await readWritten(tx, id);
          await audit.record(tx, actor, {
            action: 'product.update',
            entityType: 'product',
            entityId: id,
            before,
            after,
          });
          return ok(after);
        });
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint !== undefined) return uniqueFailure(constraint, body.slug);
        throw err;
      }
      if (updated.ok) await afterChange();
      return updated;
    },

    /** Publishes or unpublishes several products at once; an unknown id refuses them all. */
    async bulkPublish(actor: Actor, body: BulkPublishBody): Promise<Result<{ updated: number }, AdminCatalogFailure>> {
      const ids = [...new Set(body.ids)];
      const result = await transactionResult<number, AdminCatalogFailure>(db, async (tx) => {
        const found = await lockPublishState(tx, ids);
        if (found.length !== ids.length) {
          const known = new Set(found.map((f) => f.id));
          return fail('products_not_found', { ids: ids.filter((id) => !known.has(id)) });
        }
        const changing = found.filter((f) => f.published !== body.published).map((f) => f.id);
        if (changing.length === 0) return ok(0);
        await setPublished(tx, changing, body.published, actor, clock.now());
        for (const id of changing) {
          await audit.record(tx, actor, {
            action: 'product.publish',
            entityType: 'product',
            entityId: id,
            before: { published: !body.published },
            after: { published: body.published },
          });
        }
        return ok(changing.length);
      });
      if (!result.ok) return result;
      await afterChange();
      return ok({ updated: result.value });
    },

    /**
     * Adds or removes stock with a reason: of the variant named, or — the API's form from before
     * variants — of the product (added to its first variant, removed from its variants in order). The
     * variants are locked, so stock never goes below 0 even with adjustments racing each other; each
     * variant changed gets a movement row, the product one audit entry. A product that comes back into
     * stock mails its waiting subscribers after the commit.
     */
    async adjustStock(
      actor: Actor,
      id: string,
      body: StockAdjustmentBody,
    ): Promise<Result<StockAdjustmentResult, AdminCatalogFailure>> {
      const { delta, reason } = body;
      const result = await transactionResult<StockAdjustmentResult, AdminCatalogFailure>(db, async (tx) => {
        // The variants are locked: adjustments and orders racing this one wait, so stock never goes below 0.
        const variants = await lockVariants(tx, [id]);
        if (variants.length === 0)
          return (await stockOf(tx, id)) === undefined ? fail('product_not_found') : fail('variant_not_found');
        const chosen = body.variant_id === undefined ? variants : variants.filter((v) => v.id === body.variant_id);
        if (chosen.length === 0) return fail('variant_not_found');
        const changes = spreadAdjustment(chosen, delta);
        const before = variants.reduce((n, v) => n + v.available, 0);
        if (!changes) {
          const sku = chosen.length === 1 ? chosen[0]!.sku : null;
          return fail('not_enough_stock', { available: chosen.reduce((n, v) => n + v.available, 0), delta, sku });
        }
        const now = clock.now();
        const email = await emailOf(tx, actor.userId);
        const moved: StockAdjustmentResult['variants'] = [];
        const movements: StockMovement[] = [];
        for (const change of changes) {
          const variant = chosen.find((v) => v.id === change.id)!;
          const available = variant.available + change.delta;
          await updateVariant(tx, variant.id, { available });
          const movement = await insertMovement(tx, {
            productId: id,
            variantId: variant.id,
            delta: change.delta,
            reason: 'adjustment',
            note: reason,
            actorId: actor.userId,
            createdAt: now,
          });
          moved.push({ id: variant.id, sku: variant.sku, available, delta: change.delta });
          movements.push(
            toMovementWire({
              ...movement,
              delta: change.delta,
              reason: 'adjustment',
              note: reason,
              variantId: variant.id,
              sku: variant.sku,
              orderId: null,
              orderNumber: null,
              actorEmail: email,
            }),
          );
        }
        await touchProduct(tx, id, actor, now);
        const available = before + delta;
        await audit.record(tx, actor, {
          action: 'stock.adjust',
          entityType: 'product',
          entityId: id,
          before: { available: before },
          after: { available, delta, reason, variants: moved.map((v) => ({ sku: v.sku, delta: v.delta })) },
        });
        await restocked(tx, id, before, available);
        return ok({ available, variants: moved, movement: movements[0]!, movements });
      });
      if (!result.ok) return result;
      await afterChange();
      return result;
    },

    /**
     * Bulk edit over a selection: price, stock, category and publishing in one transaction,
     * one audit entry per product changed (bulk.ts says how each change applies).
     */
    async bulkEdit(actor: Actor, body: BulkEditBody): Promise<Result<{ updated: number }, AdminCatalogFailure>> {
      const base = await baseUnit();
      const refused =
        body.price?.mode === 'set'
          ? amountProblem([{ path: 'price.value', amount: body.price.value }], base, 'Prices')
          : undefined;
      if (refused) return refused;
      const result = await transactionResult<number, AdminCatalogFailure>(db, (tx) =>
        bulkEdit(tx, { audit, backInStock }, actor, body, clock.now(), base),
      );
      if (!result.ok) return result;
      await afterChange();
      return ok({ updated: result.value });
    },

    /** A product's stock movements, newest first. */
    async movements(id: string, page: number, limit: number): Promise<Result<StockMovementList, ProductNotFound>> {
      if (!(await productExists(db, id))) return fail('product_not_found');
      const { rows, total } = await selectMovements(db, id, page, limit);
      return ok({ items: rows.map(toMovementWire), total, page, limit });
    },

    /** Units sold, revenue and orders of a product (cancelled and unpaid-card orders excluded), and its latest lines. */
    async sales(id: string): Promise<Result<ProductSales, ProductNotFound>> {
      if (!(await productExists(db, id))) return fail('product_not_found');
      const [{ totals, recent }, base] = await Promise.all([selectSales(db, id), baseUnit()]);
      return ok({
        units_sold: Number(totals?.units ?? 0),
        revenue: fromMinor(Number(totals?.revenue ?? 0), base.digits),
        orders_count: Number(totals?.orders ?? 0),
        recent: recent.map((r) => toSalesLineWire(r, base)),
      });
    },

    /** Checks, re-encodes and stores an uploaded picture; nothing is written when it is refused. */
    async uploadImage(actor: Actor, file: Buffer): Promise<Result<UploadedImage, AdminCatalogFailure>> {
      const variants = await media.encode(file);
      if (!variants.ok) return variants;
      const image = await db.transaction(async (tx) => {
        const image = await media.store(tx, variants.value, actor.userId);
        await audit.record(tx, actor, {
          action: 'image.upload',
          entityType: 'image',
          entityId: image.id,
          after: { ...image, bytes: file.length },
        });
        return image;
      });
      return ok(image);
    },
  };
}
export type AdminCatalogService = ReturnType<typeof createAdminCatalogService>;
