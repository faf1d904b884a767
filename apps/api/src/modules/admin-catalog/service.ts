import {
  type AdminProduct,
  type AdminProductList,
  type AdminProductListQuery,
  type BulkPublishBody,
  type CreateProductBody,
  type ProductFormOptions,
  type ProductSales,
  resolvePricing,
  type StockAdjustmentResult,
  type StockMovementList,
  slugify,
  type UpdateProductBody,
  type UploadedImage,
} from '@shop/contracts/admin-catalog';
import { fromCents, toCents } from '@shop/contracts/money';
import type { Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { transactionResult } from '../../db/transaction.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Deps } from '../../services.ts';
import type { Actor, AuditService } from '../audit/index.ts';
import type { BackInStockService } from '../back-in-stock/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { MediaService, UploadFailure } from '../media/index.ts';
import {
  actorEmail,
  addStock,
  brandExists,
  emailOf,
  findCategoryId,
  findSubcategoryId,
  insertMovement,
  insertProduct,
  knownFeaturedTags,
  lockForUpdate,
  lockPublishState,
  type ProductValues,
  productExists,
  readRow,
  selectFormOptions,
  selectMovements,
  selectProductPage,
  selectSales,
  setPublished,
  stockOf,
  updateProduct,
} from './repository.ts';
import { toAdminWire, toMovementWire, toSalesLineWire } from './wire.ts';

type ProductNotFound = Failure<'product_not_found'>;

/** A category, subcategory, brand or featured tag the product form named that is not there. */
type RefFailure =
  | Failure<'unknown_category', { category: string }>
  | Failure<'subcategory_mismatch', { subcategory: string; category: string }>
  | Failure<'unknown_brand', { brand: string }>
  | Failure<'unknown_featured', { tags: string[] }>;

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
  | Failure<'not_enough_stock', { available: number; delta: number }>
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
 * Admin Products (issue 5). Every change runs in one transaction with its audit entry and empties the
 * catalogue's caches afterwards, so the storefront shows it at once.
 */
export function createAdminCatalogService(
  { db, clock }: Deps,
  {
    catalog,
    backInStock,
    audit,
    media,
  }: { catalog: CatalogService; backInStock: BackInStockService; audit: AuditService; media: MediaService },
) {
  /** Read inside a transaction right after writing it: not finding it is a broken invariant. */
  async function readWritten(tx: Tx, id: string): Promise<AdminProduct> {
    const row = await readRow(tx, id);
    if (!row) throw new Error(`product ${id} not found after writing it`);
    return toAdminWire(row);
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

  async function afterChange() {
    await catalog.invalidate();
  }

  /** Inserts the product under `slug`; a taken slug throws the database's unique violation. */
  function create(actor: Actor, body: CreateProductBody, slug: string) {
    return transactionResult<AdminProduct, RefFailure | PricingFailure>(db, async (tx) => {
      const refs = await resolveRefs(tx, body);
      if (!refs.ok) return refs;
      const regularCents = toCents(body.regular_price);
      const price = pricing(
        regularCents,
        body.sale_price === undefined ? undefined : toCents(body.sale_price),
        body.percentage_discount,
      );
      if (!price.ok) return price;
      const now = clock.now();
      const id = await insertProduct(tx, {
        slug,
        name: body.name,
        description: body.description,
        ...refs.value,
        regularPriceCents: regularCents,
        salePriceCents: price.value.saleCents,
        percentageDiscount: price.value.percentage,
        images: body.images,
        colors: body.colors,
        availableSizes: body.available_sizes,
        features: body.features,
        featured: body.featured,
        published: body.published,
        available: body.available,
        dateAdded: now,
        modifiedDate: now,
        modifiedBy: actorEmail(actor),
      });
      if (body.available > 0) {
        await insertMovement(tx, {
          productId: id,
          delta: body.available,
          reason: 'adjustment',
          note: 'Initial stock',
          actorId: actor.userId,
          createdAt: now,
        });
      }
      const after = await readWritten(tx, id);
      await audit.record(tx, actor, { action: 'product.create', entityType: 'product', entityId: id, after });
      return ok(after);
    });
  }

  return {
    /** The admin list: every product (drafts too), searched, filtered, sorted and paged. */
    async list(query: AdminProductListQuery): Promise<AdminProductList> {
      const { rows, total } = await selectProductPage(db, query);
      return { items: rows.map(toAdminWire), total, page: query.page, limit: query.limit };
    },

    /** One product with every field, published or not. */
    async get(id: string): Promise<Result<AdminProduct, ProductNotFound>> {
      const row = await readRow(db, id);
      return row ? ok(toAdminWire(row)) : fail('product_not_found');
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
      const base = body.slug ?? slugify(body.name);
      for (let attempt = 0; ; attempt++) {
        const slug = attempt === 0 ? base : `${base}-${Math.random().toString(36).slice(2, 7)}`;
        try {
          const created = await create(actor, body, slug);
          if (created.ok) await afterChange();
          return created;
        } catch (err) {
          if (uniqueViolation(err) === undefined) throw err;
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
      let updated: Result<AdminProduct, ProductNotFound | RefFailure | PricingFailure>;
      try {
        updated = await transactionResult(db, async (tx) => {
          const locked = await lockForUpdate(tx, id);
          if (!locked) return fail('product_not_found');
          const before = await readWritten(tx, id);

          const values: ProductValues = {};
          if (body.name !== undefined) values.name = body.name;
          if (body.slug !== undefined) values.slug = body.slug;
          if (body.description !== undefined) values.description = body.description;
          if (body.images !== undefined) values.images = body.images;
          if (body.colors !== undefined) values.colors = body.colors;
          if (body.available_sizes !== undefined) values.availableSizes = body.available_sizes;
          if (body.features !== undefined) values.features = body.features;
          if (body.featured !== undefined) values.featured = body.featured;
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
              body.regular_price === undefined ? locked.regularPriceCents : toCents(body.regular_price);
            const price = pricing(
              regularCents,
              body.sale_price === undefined ? undefined : toCents(body.sale_price),
              body.percentage_discount,
              locked.percentageDiscount,
            );
            if (!price.ok) return price;
            values.regularPriceCents = regularCents;
            values.salePriceCents = price.value.saleCents;
            values.percentageDiscount = price.value.percentage;
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
        if (uniqueViolation(err) !== undefined) return fail('slug_taken', { slug: body.slug });
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
     * Adds or removes stock with a reason: one conditional UPDATE (stock never goes below 0, even with
     * adjustments racing each other), a movement row and an audit entry. A product that comes back
     * into stock mails its waiting subscribers after the commit.
     */
    async adjustStock(
      actor: Actor,
      id: string,
      delta: number,
      reason: string,
    ): Promise<Result<StockAdjustmentResult, AdminCatalogFailure>> {
      const result = await transactionResult<StockAdjustmentResult, AdminCatalogFailure>(db, async (tx) => {
        const available = await addStock(tx, id, delta, clock.now());
        if (available === undefined) {
          const now = await stockOf(tx, id);
          if (now === undefined) return fail('product_not_found');
          return fail('not_enough_stock', { available: now, delta });
        }
        const movement = await insertMovement(tx, {
          productId: id,
          delta,
          reason: 'adjustment',
          note: reason,
          actorId: actor.userId,
          createdAt: clock.now(),
        });
        await audit.record(tx, actor, {
          action: 'stock.adjust',
          entityType: 'product',
          entityId: id,
          before: { available: available - delta },
          after: { available, delta, reason },
        });
        const wire = toMovementWire({
          id: movement.id,
          delta,
          reason: 'adjustment',
          note: reason,
          orderId: null,
          orderNumber: null,
          actorEmail: await emailOf(tx, actor.userId),
          createdAt: movement.createdAt,
        });
        // Issue 13: the back-in-stock mails are queued with the restock that causes them.
        if (available - delta === 0 && available > 0) await backInStock.queueNotification(tx, [id]);
        return ok({ available, movement: wire });
      });
      if (!result.ok) return result;
      await afterChange();
      return result;
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
      const { totals, recent } = await selectSales(db, id);
      return ok({
        units_sold: Number(totals?.units ?? 0),
        revenue: fromCents(Number(totals?.revenue ?? 0)),
        orders_count: Number(totals?.orders ?? 0),
        recent: recent.map(toSalesLineWire),
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
