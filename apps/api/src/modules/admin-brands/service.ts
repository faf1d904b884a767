import type { AdminBrand, AdminBrandList, CreateBrandBody, UpdateBrandBody } from '@shop/contracts/admin-brands';
import { slugify } from '@shop/contracts/admin-catalog';
import { uniqueViolation } from '../../db/errors.ts';
import { transactionResult } from '../../db/transaction.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Deps } from '../../services.ts';
import type { Actor, AuditService } from '../audit/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import {
  countProducts,
  deleteBrand,
  insertBrand,
  lockBrand,
  selectBrand,
  selectBrands,
  updateBrand,
} from './repository.ts';
import { toBrandWire } from './wire.ts';

/** Admin Brands' expected failures. */
export type AdminBrandsFailure =
  | Failure<'brand_not_found'>
  | Failure<'slug_taken', { slug: string }>
  | Failure<'brand_in_use', { name: string; products: number }>;

/**
 * Brands as records: staff list, create, edit and delete them. Each change runs in one
 * transaction with its audit entry and empties the catalogue's caches (filters and brand pages show
 * brand names), like every catalogue change. A brand stays while products name it.
 */
export function createAdminBrandsService(
  { db }: Deps,
  { audit, catalog }: { audit: AuditService; catalog: CatalogService },
) {
  async function written(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], id: string): Promise<AdminBrand> {
    const row = await selectBrand(tx, id);
    if (!row) throw new Error(`brand ${id} not found after writing it`);
    return toBrandWire(row);
  }

  /** Runs a change; a unique violation (slug or id) is a taken slug. */
  async function change<T>(
    slug: string | undefined,
    work: () => Promise<Result<T, AdminBrandsFailure>>,
  ): Promise<Result<T, AdminBrandsFailure>> {
    let result: Result<T, AdminBrandsFailure>;
    try {
      result = await work();
    } catch (err) {
      if (uniqueViolation(err) === undefined || slug === undefined) throw err;
      return fail('slug_taken', { slug });
    }
    if (result.ok) await catalog.invalidate();
    return result;
  }

  return {
    /** Every brand by name, with its number of products. */
    async list(): Promise<AdminBrandList> {
      return { items: (await selectBrands(db)).map(toBrandWire) };
    },

    /** Creates a brand; its slug (made from the name when none is given) is also its id. */
    async create(actor: Actor, body: CreateBrandBody): Promise<Result<AdminBrand, AdminBrandsFailure>> {
      const slug = body.slug ?? slugify(body.name).slice(0, 50).replace(/-$/, '');
      return change(slug, () =>
        transactionResult<AdminBrand, AdminBrandsFailure>(db, async (tx) => {
          await insertBrand(tx, { id: slug, slug, name: body.name, logo: body.logo, description: body.description });
          const after = await written(tx, slug);
          await audit.record(tx, actor, { action: 'brand.create', entityType: 'brand', entityId: slug, after });
          return ok(after);
        }),
      );
    },

    /** Changes the fields given (the id stays, so products keep their brand); before and after are audited. */
    async update(actor: Actor, id: string, body: UpdateBrandBody): Promise<Result<AdminBrand, AdminBrandsFailure>> {
      return change(body.slug, () =>
        transactionResult(db, async (tx) => {
          if (!(await lockBrand(tx, id))) return fail('brand_not_found');
          const before = await written(tx, id);
          await updateBrand(tx, id, {
            ...(body.name === undefined ? {} : { name: body.name }),
            ...(body.slug === undefined ? {} : { slug: body.slug }),
            ...(body.logo === undefined ? {} : { logo: body.logo }),
            ...(body.description === undefined ? {} : { description: body.description }),
          });
          const after = await written(tx, id);
          await audit.record(tx, actor, { action: 'brand.update', entityType: 'brand', entityId: id, before, after });
          return ok(after);
        }),
      );
    },

    /**
     * Deletes a brand no product names. The brand is locked first, so a product saved with it at the
     * same moment either is counted here or fails on its foreign key — never left with a brand gone.
     */
    async remove(actor: Actor, id: string): Promise<Result<void, AdminBrandsFailure>> {
      return change(undefined, () =>
        transactionResult(db, async (tx) => {
          if (!(await lockBrand(tx, id))) return fail('brand_not_found');
          const before = await written(tx, id);
          const used = await countProducts(tx, id);
          if (used > 0) return fail('brand_in_use', { name: before.name, products: used });
          await deleteBrand(tx, id);
          await audit.record(tx, actor, { action: 'brand.delete', entityType: 'brand', entityId: id, before });
          return ok(undefined);
        }),
      );
    },
  };
}
export type AdminBrandsService = ReturnType<typeof createAdminBrandsService>;
