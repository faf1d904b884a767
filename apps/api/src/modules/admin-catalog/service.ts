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
  type StockMovement,
  type StockMovementList,
  slugify,
  type UpdateProductBody,
  type UploadedImage,
} from '@shop/contracts/admin-catalog';
import { fromCents, toCents } from '@shop/contracts/money';
import { and, asc, count, desc, eq, gt, ilike, inArray, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import {
  brands,
  categories,
  featuredCards,
  orderLines,
  orders,
  products,
  stockMovements,
  storeSettings,
  subcategories,
  users,
} from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Deps, Services } from '../../services.ts';
import type { Actor } from '../audit/service.ts';
import { type ProductRow, productColumns, toProductWire } from '../catalog/service.ts';
import { encodeUpload, storeUpload } from '../media/uploads.ts';

const adminColumns = {
  ...productColumns,
  featured: products.featured,
  soldCount: products.soldCount,
  modifiedBy: products.modifiedBy,
};
type AdminRow = ProductRow & { featured: string[]; soldCount: number; modifiedBy: string | null };

/** Staff see who last changed a product; the storefront never does (issue 10 point 6). */
function toAdminWire(row: AdminRow): AdminProduct {
  return { ...toProductWire(row), modified_by: row.modifiedBy, featured: row.featured, sold_count: row.soldCount };
}

/** Orders whose lines count as sold: paid for or promised (pay later), not cancelled or abandoned. */
const UNSOLD_STATUSES = ['cancelled', 'awaiting_payment'] as const;

/** `%`, `_` and `\` match themselves in a search. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function listOrder(sort: AdminProductListQuery['sort'], order: AdminProductListQuery['order']): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  const column = {
    name: products.name,
    price: products.salePriceCents,
    stock: products.available,
    date_added: products.dateAdded,
    sold: products.soldCount,
  }[sort];
  return [dir(column), dir(products.id)];
}

type ProductValues = Partial<typeof products.$inferInsert>;

/**
 * Admin Products (issue 5). Every change runs in one transaction with its audit entry and empties the
 * catalogue's caches afterwards, so the storefront shows it at once.
 */
export function createAdminCatalogService(deps: Deps, services: Services) {
  const { db, clock } = deps;

  async function readRow(ex: Db | Tx, id: string): Promise<AdminRow | undefined> {
    const [row] = await ex
      .select(adminColumns)
      .from(products)
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .where(eq(products.id, id))
      .limit(1);
    return row;
  }

  async function mustRead(ex: Db | Tx, id: string): Promise<AdminProduct> {
    const row = await readRow(ex, id);
    if (!row) throw notFound('Product not found');
    return toAdminWire(row);
  }

  const actorEmail = (actor: Actor) => sql`(select ${users.email} from ${users} where ${users.id} = ${actor.userId})`;

  /** Category, subcategory, brand and featured tags must exist; the subcategory must belong to the category. */
  async function resolveRefs(
    ex: Db | Tx,
    refs: { category: string; subcategory: string | null; brand: string | null; featured?: string[] },
  ): Promise<{ categoryId: string; subcategoryId: number | null; brandId: string | null }> {
    const [category] = await ex
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, refs.category))
      .limit(1);
    if (!category) throw badRequest(`Unknown category: ${refs.category}`);
    let subcategoryId: number | null = null;
    if (refs.subcategory !== null) {
      const [sub] = await ex
        .select({ id: subcategories.id })
        .from(subcategories)
        .where(and(eq(subcategories.categoryId, category.id), eq(subcategories.slug, refs.subcategory.toLowerCase())))
        .limit(1);
      if (!sub) throw badRequest(`The subcategory ${refs.subcategory} does not belong to the category ${category.id}`);
      subcategoryId = sub.id;
    }
    if (refs.brand !== null) {
      const [brand] = await ex.select({ id: brands.id }).from(brands).where(eq(brands.id, refs.brand)).limit(1);
      if (!brand) throw badRequest(`Unknown brand: ${refs.brand}`);
    }
    if (refs.featured && refs.featured.length > 0) {
      const found = await ex
        .select({ slug: featuredCards.slug })
        .from(featuredCards)
        .where(inArray(featuredCards.slug, refs.featured));
      const known = new Set(found.map((f) => f.slug));
      const unknown = refs.featured.filter((f) => !known.has(f));
      if (unknown.length > 0) throw badRequest(`Unknown featured tag: ${unknown.join(', ')}`);
    }
    return { categoryId: category.id, subcategoryId, brandId: refs.brand };
  }

  function pricing(regularCents: number, saleCents: number | undefined, percentage: number | undefined, fallback = 0) {
    const result = resolvePricing({ regularCents, saleCents, percentage, fallbackPercentage: fallback });
    if ('error' in result) throw badRequest(result.error);
    return result;
  }

  async function afterChange(backInStock: string[] = []) {
    services.catalog.invalidate();
    if (backInStock.length === 0) return;
    try {
      await services.subscriptions.notifyBackInStock(backInStock);
    } catch {
      // Mail about a restock must never fail the change that caused it (as the orders service does).
    }
  }

  async function insertProduct(actor: Actor, body: CreateProductBody, slug: string): Promise<AdminProduct> {
    return db.transaction(async (tx) => {
      const refs = await resolveRefs(tx, body);
      const regularCents = toCents(body.regular_price);
      const price = pricing(
        regularCents,
        body.sale_price === undefined ? undefined : toCents(body.sale_price),
        body.percentage_discount,
      );
      const now = clock.now();
      const [created] = await tx
        .insert(products)
        .values({
          slug,
          name: body.name,
          description: body.description,
          ...refs,
          regularPriceCents: regularCents,
          salePriceCents: price.saleCents,
          percentageDiscount: price.percentage,
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
        })
        .returning({ id: products.id });
      if (!created) throw new Error('product not created');
      if (body.available > 0) {
        await tx.insert(stockMovements).values({
          productId: created.id,
          delta: body.available,
          reason: 'adjustment',
          note: 'Initial stock',
          actorId: actor.userId,
          createdAt: now,
        });
      }
      const after = await mustRead(tx, created.id);
      await services.audit.record(tx, actor, {
        action: 'product.create',
        entityType: 'product',
        entityId: created.id,
        after,
      });
      return after;
    });
  }

  return {
    /** The admin list: every product (drafts too), searched, filtered, sorted and paged. */
    async list(query: AdminProductListQuery): Promise<AdminProductList> {
      const where: SQL[] = [];
      if (query.q) {
        const pattern = likePattern(query.q);
        where.push(or(ilike(products.name, pattern), ilike(products.slug, pattern)) as SQL);
      }
      if (query.category) where.push(eq(products.categoryId, query.category));
      if (query.published !== undefined) where.push(eq(products.published, query.published));
      if (query.stock === 'out') where.push(eq(products.available, 0));
      else if (query.stock === 'in_stock') where.push(gt(products.available, 0));
      else if (query.stock === 'low') {
        const [settings] = await db.select({ threshold: storeSettings.lowStockThreshold }).from(storeSettings);
        where.push(gt(products.available, 0), lte(products.available, settings?.threshold ?? 5));
      }
      const filter = where.length > 0 ? and(...where) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select(adminColumns)
          .from(products)
          .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
          .where(filter)
          .orderBy(...listOrder(query.sort, query.order))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(products).where(filter),
      ]);
      return { items: rows.map(toAdminWire), total: counted?.n ?? 0, page: query.page, limit: query.limit };
    },

    /** One product with every field, published or not; 404 when there is none. */
    get(id: string): Promise<AdminProduct> {
      return mustRead(db, id);
    },

    /** The choices of the product form: categories with subcategories and featured tags, brands. */
    async formOptions(): Promise<ProductFormOptions> {
      const [cats, subs, cards, brandRows] = await Promise.all([
        db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
        db.select().from(subcategories).orderBy(asc(subcategories.position), asc(subcategories.id)),
        db.select().from(featuredCards).orderBy(asc(featuredCards.position), asc(featuredCards.id)),
        db.select().from(brands).orderBy(asc(brands.name)),
      ]);
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
     * that is taken is a 409. Initial stock is recorded as an adjustment.
     */
    async create(actor: Actor, body: CreateProductBody): Promise<AdminProduct> {
      const base = body.slug ?? slugify(body.name);
      for (let attempt = 0; ; attempt++) {
        const slug = attempt === 0 ? base : `${base}-${Math.random().toString(36).slice(2, 7)}`;
        try {
          const created = await insertProduct(actor, body, slug);
          await afterChange();
          return created;
        } catch (err) {
          if (uniqueViolation(err) === undefined) throw err;
          if (body.slug !== undefined) throw conflict(`The slug ${body.slug} is already used by another product`);
          if (attempt >= 4) throw conflict('Could not find a free slug for this name; give one');
        }
      }
    },

    /** Changes the fields given; before and after go to the audit log. */
    async update(actor: Actor, id: string, body: UpdateProductBody): Promise<AdminProduct> {
      try {
        const after = await db.transaction(async (tx) => {
          const [locked] = await tx
            .select({
              categoryId: products.categoryId,
              regularPriceCents: products.regularPriceCents,
              salePriceCents: products.salePriceCents,
              percentageDiscount: products.percentageDiscount,
            })
            .from(products)
            .where(eq(products.id, id))
            .for('update');
          if (!locked) throw notFound('Product not found');
          const before = await mustRead(tx, id);

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
            Object.assign(values, refs);
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
            values.regularPriceCents = regularCents;
            values.salePriceCents = price.saleCents;
            values.percentageDiscount = price.percentage;
          }

          await tx
            .update(products)
            .set({ ...values, modifiedDate: clock.now(), modifiedBy: actorEmail(actor) })
            .where(eq(products.id, id));
          const after = await mustRead(tx, id);
          await services.audit.record(tx, actor, {
            action: 'product.update',
            entityType: 'product',
            entityId: id,
            before,
            after,
          });
          return after;
        });
        await afterChange();
        return after;
      } catch (err) {
        if (uniqueViolation(err) !== undefined)
          throw conflict(`The slug ${body.slug} is already used by another product`);
        throw err;
      }
    },

    /** Publishes or unpublishes several products at once; an unknown id refuses them all (404). */
    async bulkPublish(actor: Actor, body: BulkPublishBody): Promise<{ updated: number }> {
      const ids = [...new Set(body.ids)];
      const result = await db.transaction(async (tx) => {
        const found = await tx
          .select({ id: products.id, published: products.published })
          .from(products)
          .where(inArray(products.id, ids))
          .orderBy(asc(products.id))
          .for('update');
        if (found.length !== ids.length) {
          const known = new Set(found.map((f) => f.id));
          throw notFound(`Product not found: ${ids.filter((id) => !known.has(id)).join(', ')}`);
        }
        const changing = found.filter((f) => f.published !== body.published).map((f) => f.id);
        if (changing.length === 0) return 0;
        await tx
          .update(products)
          .set({ published: body.published, modifiedDate: clock.now(), modifiedBy: actorEmail(actor) })
          .where(inArray(products.id, changing));
        for (const id of changing) {
          await services.audit.record(tx, actor, {
            action: 'product.publish',
            entityType: 'product',
            entityId: id,
            before: { published: !body.published },
            after: { published: body.published },
          });
        }
        return changing.length;
      });
      await afterChange();
      return { updated: result };
    },

    /**
     * Adds or removes stock with a reason: one conditional UPDATE (stock never goes below 0, even with
     * adjustments racing each other), a movement row and an audit entry. A product that comes back
     * into stock mails its waiting subscribers after the commit.
     */
    async adjustStock(actor: Actor, id: string, delta: number, reason: string): Promise<StockAdjustmentResult> {
      const result = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(products)
          .set({ available: sql`${products.available} + ${delta}`, modifiedDate: clock.now() })
          .where(and(eq(products.id, id), sql`${products.available} + ${delta} >= 0`))
          .returning({ available: products.available });
        if (!row) {
          const [now] = await tx.select({ available: products.available }).from(products).where(eq(products.id, id));
          if (!now) throw notFound('Product not found');
          throw conflict(`Not enough stock: ${now.available} in stock, cannot remove ${-delta}`, {
            available: now.available,
          });
        }
        const [movement] = await tx
          .insert(stockMovements)
          .values({
            productId: id,
            delta,
            reason: 'adjustment',
            note: reason,
            actorId: actor.userId,
            createdAt: clock.now(),
          })
          .returning({ id: stockMovements.id, createdAt: stockMovements.createdAt });
        if (!movement) throw new Error('movement not recorded');
        await services.audit.record(tx, actor, {
          action: 'stock.adjust',
          entityType: 'product',
          entityId: id,
          before: { available: row.available - delta },
          after: { available: row.available, delta, reason },
        });
        const [who] = await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
        const wire: StockMovement = {
          id: movement.id,
          delta,
          reason: 'adjustment',
          note: reason,
          order_id: null,
          order_number: null,
          actor_email: who?.email ?? null,
          created_at: movement.createdAt.toISOString(),
        };
        return { available: row.available, movement: wire };
      });
      const before = result.available - delta;
      await afterChange(before === 0 && result.available > 0 ? [id] : []);
      return result;
    },

    /** A product's stock movements, newest first. */
    async movements(id: string, page: number, limit: number): Promise<StockMovementList> {
      await mustExist(id);
      const where = eq(stockMovements.productId, id);
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: stockMovements.id,
            delta: stockMovements.delta,
            reason: stockMovements.reason,
            note: stockMovements.note,
            orderId: stockMovements.orderId,
            orderNumber: orders.number,
            actorEmail: users.email,
            createdAt: stockMovements.createdAt,
          })
          .from(stockMovements)
          .leftJoin(orders, eq(orders.id, stockMovements.orderId))
          .leftJoin(users, eq(users.id, stockMovements.actorId))
          .where(where)
          .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(stockMovements).where(where),
      ]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          delta: r.delta,
          reason: r.reason,
          note: r.note,
          order_id: r.orderId,
          order_number: r.orderNumber,
          actor_email: r.actorEmail,
          created_at: r.createdAt.toISOString(),
        })),
        total: counted?.n ?? 0,
        page,
        limit,
      };
    },

    /** Units sold, revenue and orders of a product (cancelled and unpaid-card orders excluded), and its latest lines. */
    async sales(id: string): Promise<ProductSales> {
      await mustExist(id);
      const where = and(eq(orderLines.productId, id), notInArray(orders.status, [...UNSOLD_STATUSES]));
      const [[totals], recent] = await Promise.all([
        db
          .select({
            units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
            revenue: sql<number>`coalesce(sum(${orderLines.quantity} * ${orderLines.unitPriceCents}), 0)::bigint`,
            orders: sql<number>`count(distinct ${orderLines.orderId})::int`,
          })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(where),
        db
          .select({
            orderId: orders.id,
            number: orders.number,
            status: orders.status,
            quantity: orderLines.quantity,
            unitPriceCents: orderLines.unitPriceCents,
            createdAt: orders.createdAt,
          })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orderLines.id))
          .limit(10),
      ]);
      return {
        units_sold: Number(totals?.units ?? 0),
        revenue: fromCents(Number(totals?.revenue ?? 0)),
        orders_count: Number(totals?.orders ?? 0),
        recent: recent.map((r) => ({
          order_id: r.orderId,
          order_number: r.number,
          status: r.status,
          quantity: r.quantity,
          unit_price: fromCents(r.unitPriceCents),
          total: fromCents(r.unitPriceCents * r.quantity),
          created_at: r.createdAt.toISOString(),
        })),
      };
    },

    /** Checks, re-encodes and stores an uploaded picture; nothing is written when it is refused. */
    async uploadImage(actor: Actor, file: Buffer): Promise<UploadedImage> {
      const variants = await encodeUpload(file);
      return db.transaction(async (tx) => {
        const image = await storeUpload(tx, variants, actor.userId, clock.now());
        await services.audit.record(tx, actor, {
          action: 'image.upload',
          entityType: 'image',
          entityId: image.id,
          after: { ...image, bytes: file.length },
        });
        return image;
      });
    },
  };

  async function mustExist(id: string) {
    const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
    if (!row) throw notFound('Product not found');
  }
}
export type AdminCatalogService = ReturnType<typeof createAdminCatalogService>;
