import { slugify } from '@shop/contracts/admin-catalog';
import type {
  AdminCategory,
  AdminCategoryList,
  CategoryOrderBody,
  CreateCategoryBody,
  CreateFeaturedCardBody,
  CreateSubcategoryBody,
  FeaturedOrderBody,
  SubcategoryOrderBody,
  UpdateCategoryBody,
  UpdateFeaturedCardBody,
  UpdateSubcategoryBody,
} from '@shop/contracts/admin-categories';
import { uniqueViolation } from '../../db/errors.ts';
import { transactionResult } from '../../db/transaction.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { richTextFromInput } from '../../lib/rich-text.ts';
import type { Deps } from '../../services.ts';
import type { Actor, AuditService } from '../audit/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import {
  categoryNamed,
  changeCategoryId,
  countCategoryProducts,
  deleteCategory,
  deleteFeaturedCard,
  deleteSubcategory,
  featuredCardIdsOf,
  featuredSlugHolder,
  forgetFormerId,
  insertCategory,
  insertFeaturedCard,
  insertSubcategory,
  lockAllCategories,
  lockCategory,
  lockFeaturedCard,
  lockSubcategory,
  moveProducts,
  moveSubcategoryProducts,
  selectCategories,
  selectFeaturedCards,
  selectSubcategories,
  serializeCategoryNames,
  setCategoryPositions,
  setFeaturedPositions,
  setSubcategoryPositions,
  subcategoryIdsOf,
  updateCategory,
  updateFeaturedCard,
  updateSubcategory,
} from './repository.ts';
import { toCategoryWire } from './wire.ts';

/** Admin Categories' expected failures. */
export type AdminCategoriesFailure =
  | Failure<'category_not_found'>
  | Failure<'subcategory_not_found'>
  | Failure<'move_target_not_found', { id: string }>
  | Failure<'move_to_itself'>
  | Failure<'category_in_use', { name: string; products: number }>
  | Failure<'subcategory_name_taken', { name: string; category: string }>
  | Failure<'category_id_taken', { id: string; holder?: string }>
  | Failure<'category_alias_taken', { alias: string; holder: string }>
  | Failure<'featured_card_not_found'>
  | Failure<'featured_name_taken', { name: string; holder: string }>
  | Failure<'order_mismatch'>;

/** How many ids a new category tries (`candles`, `candles-2` … `candles-9`) before saying the name is taken. */
const ID_TRIES = 9;

/** The fields of a change that were given: a PATCH leaves out what it does not change. */
function given<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * The shop's categories as records: staff create, rename, reorder and delete categories and their
 * subcategories, and write what a category's menu panel shows. Each change runs in one transaction with
 * its audit entry and empties the catalogue's caches (the menu, listings and pages name categories). A
 * category's id is its address; it changes only when the owner gives it a new one, and the old one keeps
 * leading to it (docs/adr/038-category-addresses.md).
 */
export function createAdminCategoriesService(
  { db }: Deps,
  { audit, catalog }: { audit: AuditService; catalog: CatalogService },
) {
  type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

  async function read(ex: Tx | typeof db, id?: string): Promise<AdminCategory[]> {
    const rows = await selectCategories(ex, id);
    const ids = rows.map((r) => r.id);
    const [subs, cards] = [await selectSubcategories(ex, ids), await selectFeaturedCards(ex, ids)];
    return rows.map((row) => toCategoryWire(row, subs, cards));
  }

  async function written(tx: Tx, id: string): Promise<AdminCategory> {
    const [category] = await read(tx, id);
    if (!category) throw new Error(`category ${id} not found after writing it`);
    return category;
  }

  /** Runs a change and, once it committed, empties the catalogue's caches. */
  async function change<T>(work: () => Promise<Result<T, AdminCategoriesFailure>>) {
    const result = await work();
    if (result.ok) await catalog.invalidate();
    return result;
  }

  /** A unique violation on (category, subcategory name) is a name already used there. */
  async function namedSubcategory<T>(
    name: string,
    category: string,
    work: () => Promise<Result<T, AdminCategoriesFailure>>,
  ): Promise<Result<T, AdminCategoriesFailure>> {
    try {
      return await work();
    } catch (err) {
      if (uniqueViolation(err) === undefined) throw err;
      return fail('subcategory_name_taken', { name, category });
    }
  }

  const panel = (body: Pick<UpdateCategoryBody, 'offer' | 'badge'>) => ({
    ...(body.offer === undefined
      ? {}
      : body.offer === null
        ? { offerTitle: null, offerText: null, offerLink: null }
        : { offerTitle: body.offer.title, offerText: body.offer.text, offerLink: body.offer.link }),
    ...(body.badge === undefined ? {} : { badge: body.badge }),
  });

  return {
    /** Every category in menu order, with its subcategories and numbers of products. */
    async list(): Promise<AdminCategoryList> {
      return { items: await read(db) };
    },

    /** Creates a category at the end of the menu; its id is made from the name (`-2`… when taken). */
    async create(actor: Actor, body: CreateCategoryBody): Promise<Result<AdminCategory, AdminCategoriesFailure>> {
      const base = slugify(body.name).slice(0, 45).replace(/-$/, '');
      return change(() =>
        transactionResult<AdminCategory, AdminCategoriesFailure>(db, async (tx) => {
          // Its id is a name now: no other change of names may interleave (see update).
          await serializeCategoryNames(tx);
          for (let n = 1; n <= ID_TRIES; n++) {
            const id = n === 1 ? base : `${base}-${n}`;
            const values = {
              id,
              name: body.name,
              icon: body.icon,
              description: richTextFromInput(body.description),
              hidden: body.hidden,
              picture: body.picture,
              seoTitle: body.seo_title,
              seoDescription: body.seo_description,
              ...panel(body),
            };
            if (!(await insertCategory(tx, values))) continue;
            await forgetFormerId(tx, id);
            const after = await written(tx, id);
            await audit.record(tx, actor, { action: 'category.create', entityType: 'category', entityId: id, after });
            return ok(after);
          }
          throw new Error(`no free id for the category ${body.name} after ${ID_TRIES} tries`);
        }),
      );
    },

    /**
     * Changes the fields given. A new id moves the category to that address, its products and subcategories
     * with it; refused while another category has that id or name (`category_id_taken`).
     */
    async update(
      actor: Actor,
      id: string,
      body: UpdateCategoryBody,
    ): Promise<Result<AdminCategory, AdminCategoriesFailure>> {
      const moveTo = body.id !== undefined && body.id !== id ? body.id : undefined;
      return change(async () => {
        try {
          return await transactionResult<AdminCategory, AdminCategoriesFailure>(db, async (tx) => {
            if (!(await lockCategory(tx, id))) return fail('category_not_found');
            const before = await written(tx, id);
            if (moveTo !== undefined || body.aliases !== undefined) await serializeCategoryNames(tx);
            if (moveTo !== undefined) {
              const holder = await categoryNamed(tx, moveTo, id);
              if (holder) return fail('category_id_taken', { id: moveTo, holder: holder.name });
              await changeCategoryId(tx, id, moveTo);
            }
            const current = moveTo ?? id;
            if (body.aliases !== undefined) {
              for (const alias of body.aliases) {
                const holder = alias === current ? before : await categoryNamed(tx, alias, current);
                if (holder) return fail('category_alias_taken', { alias, holder: holder.name });
                await forgetFormerId(tx, alias);
              }
            }
            await updateCategory(tx, current, {
              ...given({
                name: body.name,
                icon: body.icon,
                description: body.description === undefined ? undefined : richTextFromInput(body.description),
                hidden: body.hidden,
                aliases: body.aliases,
                picture: body.picture,
                seoTitle: body.seo_title,
                seoDescription: body.seo_description,
              }),
              ...panel(body),
            });
            const after = await written(tx, current);
            await audit.record(tx, actor, {
              action: 'category.update',
              entityType: 'category',
              entityId: id,
              before,
              after,
            });
            return ok(after);
          });
        } catch (err) {
          // Another change took the address between the look and the write.
          if (moveTo === undefined || uniqueViolation(err) === undefined) throw err;
          return fail('category_id_taken', { id: moveTo });
        }
      });
    },

    /**
     * Deletes a category. One with products is deleted only by moving them, in the same transaction, to
     * `moveTo` (out of any subcategory: those go with the category). Both are locked first, so a product
     * saved into either at the same moment is counted or moved — never left in a category gone.
     */
    async remove(actor: Actor, id: string, moveTo?: string): Promise<Result<void, AdminCategoriesFailure>> {
      if (moveTo === id) return fail('move_to_itself');
      return change(() =>
        transactionResult(db, async (tx) => {
          // Locked in id order, like every change that locks two.
          const ids = [id, ...(moveTo ? [moveTo] : [])].sort();
          const locked = new Map<string, { name: string }>();
          for (const each of ids) {
            const row = await lockCategory(tx, each);
            if (row) locked.set(each, row);
          }
          const category = locked.get(id);
          if (!category) return fail('category_not_found');
          if (moveTo && !locked.has(moveTo)) return fail('move_target_not_found', { id: moveTo });
          const before = await written(tx, id);
          const products = await countCategoryProducts(tx, id);
          if (products > 0 && !moveTo) return fail('category_in_use', { name: category.name, products });
          if (products > 0 && moveTo) await moveProducts(tx, id, moveTo);
          await deleteCategory(tx, id);
          await audit.record(tx, actor, {
            action: 'category.delete',
            entityType: 'category',
            entityId: id,
            before,
            after: { moved_products: products, moved_to: products > 0 ? moveTo : undefined },
          });
          return ok(undefined);
        }),
      );
    },

    /** The menu's new order: every category once. */
    async reorder(actor: Actor, body: CategoryOrderBody): Promise<Result<AdminCategoryList, AdminCategoriesFailure>> {
      return change(() =>
        transactionResult(db, async (tx) => {
          const all = (await lockAllCategories(tx)).map((r) => r.id);
          if (!sameSet(all, body.ids)) return fail('order_mismatch');
          await setCategoryPositions(tx, body.ids);
          await audit.record(tx, actor, {
            action: 'category.reorder',
            entityType: 'category',
            entityId: 'all',
            after: { ids: body.ids },
          });
          return ok({ items: await read(tx) });
        }),
      );
    },

    /** Adds a subcategory at the end of its category. */
    async createSubcategory(
      actor: Actor,
      categoryId: string,
      body: CreateSubcategoryBody,
    ): Promise<Result<AdminCategory, AdminCategoriesFailure>> {
      return change(() =>
        transactionResult(db, async (tx) => {
          const category = await lockCategory(tx, categoryId);
          if (!category) return fail('category_not_found');
          const values = { categoryId, name: body.name, slug: subcategorySlug(body.name), icon: body.icon };
          const subId = await insertSubcategory(tx, values);
          if (subId === undefined) return fail('subcategory_name_taken', { name: body.name, category: category.name });
          const after = await written(tx, categoryId);
          await audit.record(tx, actor, {
            action: 'subcategory.create',
            entityType: 'subcategory',
            entityId: String(subId),
            after: after.subcategories.find((s) => s.id === subId),
          });
          return ok(after);
        }),
      );
    },

    /**
     * Renames a subcategory, changes its icon, or moves it to another category — its products with it, so
     * no product is in one category and a subcategory of another. Answers the category it is in after.
     */
    async updateSubcategory(
      actor: Actor,
      categoryId: string,
      subId: number,
      body: UpdateSubcategoryBody,
    ): Promise<Result<AdminCategory, AdminCategoriesFailure>> {
      const target = body.category_id ?? categoryId;
      return change(() =>
        transactionResult(db, async (tx) => {
          const ids = [...new Set([categoryId, target])].sort();
          const names = new Map<string, string>();
          for (const each of ids) {
            const row = await lockCategory(tx, each);
            if (row) names.set(each, row.name);
          }
          if (!names.has(categoryId)) return fail('category_not_found');
          if (!names.has(target)) return fail('move_target_not_found', { id: target });
          const sub = await lockSubcategory(tx, categoryId, subId);
          if (!sub) return fail('subcategory_not_found');
          const before = (await written(tx, categoryId)).subcategories.find((s) => s.id === subId);
          const name = body.name ?? sub.name;
          return namedSubcategory(name, names.get(target) ?? target, async () => {
            const slug = body.name === undefined ? sub.slug : subcategorySlug(body.name);
            await updateSubcategory(tx, subId, {
              ...(body.name === undefined ? {} : { name: body.name, slug }),
              // Links made with the old slug keep finding it.
              ...(slug === sub.slug ? {} : { formerSlugs: [...sub.formerSlugs.filter((s) => s !== slug), sub.slug] }),
              ...(body.icon === undefined ? {} : { icon: body.icon }),
              ...(target === categoryId ? {} : { categoryId: target }),
            });
            if (target !== categoryId) await moveSubcategoryProducts(tx, subId, target);
            const after = await written(tx, target);
            await audit.record(tx, actor, {
              action: 'subcategory.update',
              entityType: 'subcategory',
              entityId: String(subId),
              before: { ...before, category_id: categoryId },
              after: { ...after.subcategories.find((s) => s.id === subId), category_id: target },
            });
            return ok(after);
          });
        }),
      );
    },

    /** Deletes a subcategory; its products stay in the category. */
    async removeSubcategory(
      actor: Actor,
      categoryId: string,
      subId: number,
    ): Promise<Result<AdminCategory, AdminCategoriesFailure>> {
      return change(() =>
        transactionResult(db, async (tx) => {
          if (!(await lockCategory(tx, categoryId))) return fail('category_not_found');
          if (!(await lockSubcategory(tx, categoryId, subId))) return fail('subcategory_not_found');
          const before = (await written(tx, categoryId)).subcategories.find((s) => s.id === subId);
          await deleteSubcategory(tx, subId);
          await audit.record(tx, actor, {
            action: 'subcategory.delete',
            entityType: 'subcategory',
            entityId: String(subId),
            before: { ...before, category_id: categoryId },
          });
          return ok(await written(tx, categoryId));
        }),
      );
    },

    /** A category's subcategories in a new order: each of them once. */
    async reorderSubcategories(
      actor: Actor,
      categoryId: string,
      body: SubcategoryOrderBody,
    ): Promise<Result<AdminCategory, AdminCategoriesFailure>> {
      return change(() =>
        transactionResult(db, async (tx) => {
          if (!(await lockCategory(tx, categoryId))) return fail('category_not_found');
          if (!sameSet(await subcategoryIdsOf(tx, categoryId), body.ids)) return fail('order_mismatch');
          await setSubcategoryPositions(tx, body.ids);
          await audit.record(tx, actor, {
            action: 'subcategory.reorder',
            entityType: 'category',
            entityId: categoryId,
            after: { ids: body.ids },
          });
          return ok(await written(tx, categoryId));
        }),
      );
    },

    /**
     * Adds a featured card at the end of the category's panel. Its slug (what products carry in `featured`
     * and `?featured=` lists) is its label in lower case, as the demo's, and unique in the shop.
     */
    async createFeaturedCard(
      actor: Actor,
      categoryId: string,
      body: CreateFeaturedCardBody,
    ): Promise<Result<AdminCategory, AdminCategoriesFailure>> {
      return change(() =>
        transactionResult(db, async (tx) => {
          if (!(await lockCategory(tx, categoryId))) return fail('category_not_found');
          const slug = body.name.toLowerCase();
          const values = { categoryId, name: body.name, slug, image: body.image, link: body.link };
          const cardId = await insertFeaturedCard(tx, values);
          if (cardId === undefined) {
            const holder = await featuredSlugHolder(tx, slug);
            return fail('featured_name_taken', { name: body.name, holder: holder?.category ?? categoryId });
          }
          const after = await written(tx, categoryId);
          await audit.record(tx, actor, {
            action: 'featured_card.create',
            entityType: 'featured_card',
            entityId: String(cardId),
            after: { ...after.featured.find((c) => c.id === cardId), category_id: categoryId },
          });
          return ok(after);
        }),
      );
    },

    /** A new label, picture or link. The slug stays: products tagged with it, and links to it, keep working. */
    async updateFeaturedCard(
      actor: Actor,
      categoryId: string,
      cardId: number,
      body: UpdateFeaturedCardBody,
    ): Promise<Result<AdminCategory, AdminCategoriesFailure>> {
      return change(() =>
        transactionResult(db, async (tx) => {
          if (!(await lockCategory(tx, categoryId))) return fail('category_not_found');
          if (!(await lockFeaturedCard(tx, categoryId, cardId))) return fail('featured_card_not_found');
          const before = (await written(tx, categoryId)).featured.find((c) => c.id === cardId);
          await updateFeaturedCard(tx, cardId, given({ name: body.name, image: body.image, link: body.link }));
          const after = await written(tx, categoryId);
          await audit.record(tx, actor, {
            action: 'featured_card.update',
            entityType: 'featured_card',
            entityId: String(cardId),
            before,
            after: after.featured.find((c) => c.id === cardId),
          });
          return ok(after);
        }),
      );
    },

    /** Deletes a card; the products tagged with it lose the tag in the same transaction. */
    async removeFeaturedCard(
      actor: Actor,
      categoryId: string,
      cardId: number,
    ): Promise<Result<AdminCategory, AdminCategoriesFailure>> {
      return change(() =>
        transactionResult(db, async (tx) => {
          if (!(await lockCategory(tx, categoryId))) return fail('category_not_found');
          const card = await lockFeaturedCard(tx, categoryId, cardId);
          if (!card) return fail('featured_card_not_found');
          const before = (await written(tx, categoryId)).featured.find((c) => c.id === cardId);
          await deleteFeaturedCard(tx, cardId, card.slug);
          await audit.record(tx, actor, {
            action: 'featured_card.delete',
            entityType: 'featured_card',
            entityId: String(cardId),
            before: { ...before, category_id: categoryId },
          });
          return ok(await written(tx, categoryId));
        }),
      );
    },

    /** A category's featured cards in a new order: each of them once. */
    async reorderFeaturedCards(
      actor: Actor,
      categoryId: string,
      body: FeaturedOrderBody,
    ): Promise<Result<AdminCategory, AdminCategoriesFailure>> {
      return change(() =>
        transactionResult(db, async (tx) => {
          if (!(await lockCategory(tx, categoryId))) return fail('category_not_found');
          if (!sameSet(await featuredCardIdsOf(tx, categoryId), body.ids)) return fail('order_mismatch');
          await setFeaturedPositions(tx, body.ids);
          await audit.record(tx, actor, {
            action: 'featured_card.reorder',
            entityType: 'category',
            entityId: categoryId,
            after: { ids: body.ids },
          });
          return ok(await written(tx, categoryId));
        }),
      );
    },
  };
}
export type AdminCategoriesService = ReturnType<typeof createAdminCategoriesService>;

/** A subcategory's address in links: its name in lower case (`/products?category=…&subcategory=…`). */
function subcategorySlug(name: string): string {
  return name.toLowerCase();
}

function sameSet<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((x) => set.has(x));
}
