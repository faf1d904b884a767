import { randomUUID } from 'node:crypto';
import {
  type CatalogFormat,
  type CatalogImport,
  type ImportRefusal,
  type ImportReport,
  MAX_LISTED_REFUSALS,
} from '@shop/contracts/admin-catalog-io';
import type { Tx } from '../../db/client.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Deps } from '../../services.ts';
import type { Actor, AuditService } from '../audit/index.ts';
import type { BackInStockService } from '../back-in-stock/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { MediaService } from '../media/index.ts';
import { type BadFile, type Drafts, readDrafts } from './drafts.ts';
import { exportCsv } from './export.ts';
import { fetchImage, ImageFetchError, type ImagePolicy } from './images.ts';
import { type Plan, type ProductPlan, planCounts, planImport } from './plan.ts';
import {
  emailOf,
  finishImport,
  type ImportRow,
  insertBrands,
  insertImport,
  insertMovements,
  insertProducts,
  insertVariants,
  lockImports,
  selectCatalog,
  selectExisting,
  selectImport,
  selectRefs,
  selectSkuOwners,
  setProgress,
  updateProduct,
  updateVariant,
} from './repository.ts';
import { toImportWire } from './wire.ts';

/** Import and export's expected failures. */
export type CatalogIoFailure =
  | BadFile
  | Failure<'unknown_default_category', { category: string }>
  | Failure<'refused', { report: ImportReport }>
  | Failure<'import_exists', { id: string }>
  | Failure<'import_not_found'>;

export interface ImportInput {
  format: CatalogFormat;
  file: Buffer;
  fileName: string | null;
  defaultCategory: string | undefined;
}

/** Pictures fetched at once. */
const FETCH_CONCURRENCY = 4;
/** Products written between two progress updates. */
const PROGRESS_EVERY = 200;

interface Prepared {
  input: ImportInput;
  drafts: Drafts;
  plan: Plan;
  stored: Set<string>;
  report: ImportReport;
}

function toReport(format: CatalogFormat, drafts: Drafts, plan: Plan, stored: Set<string>, extra: ImportRefusal[] = []) {
  const refusals = [...drafts.refusals, ...plan.refusals, ...extra].sort((a, b) => a.line - b.line);
  const fetch = plan.remoteImages.filter((i) => !stored.has(i.uploadId)).length;
  return {
    format,
    rows: drafts.rows,
    ...planCounts(plan),
    images: { fetch, stored: plan.remoteImages.length - fetch },
    refusals: refusals.slice(0, MAX_LISTED_REFUSALS),
    refusals_total: refusals.length,
  } satisfies ImportReport;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Product import and export (issue 14, ADR 024). `dryRun` answers what a file would do and writes
 * nothing. `startApply` checks the same way, answers `refused` with every refusal when anything is
 * refused, else records the import and applies it after answering: pictures are fetched first (outside
 * any transaction), then one transaction locks the products concerned, plans again on what it locked
 * and writes everything, while the import's progress is written on another connection for the admin
 * page to poll. A second import waits for the first (an advisory lock) and then finds nothing to do.
 */
export function createCatalogIoService(
  { db, clock, config, publicUrl, background }: Deps,
  {
    catalog,
    backInStock,
    audit,
    media,
  }: { catalog: CatalogService; backInStock: BackInStockService; audit: AuditService; media: MediaService },
) {
  const policy: ImagePolicy = {
    ownOrigin: new URL(publicUrl).origin,
    allowPrivate: config.IMPORT_IMAGES_ALLOW_PRIVATE,
  };

  async function plan(tx: Tx | typeof db, input: ImportInput, drafts: Drafts, lock: boolean): Promise<Plan> {
    const handles = drafts.products.map((p) => p.handle);
    const skus = drafts.products.flatMap((p) => p.variants.map((v) => v.sku));
    // One after another: inside a transaction they share one connection.
    const refs = await selectRefs(tx);
    const existing = await selectExisting(tx, handles, { lock });
    const skuOwners = await selectSkuOwners(tx, skus);
    return planImport({
      format: input.format,
      drafts: drafts.products,
      refs,
      existing,
      skuOwners,
      defaultCategory: input.defaultCategory,
    });
  }

  /** Reads and plans a file against the catalogue as it is; nothing is written. */
  async function prepare(input: ImportInput): Promise<Result<Prepared, CatalogIoFailure>> {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input.file);
    } catch {
      return fail('bad_file', { message: 'The file is not UTF-8 text: save it as "CSV UTF-8"' });
    }
    if (input.defaultCategory !== undefined) {
      const refs = await selectRefs(db);
      const known = refs.categories.some((c) => c.id === input.defaultCategory);
      if (!known) return fail('unknown_default_category', { category: input.defaultCategory });
    }
    const read = readDrafts(input.format, text, policy);
    if (!read.ok) return read;
    const drafts = read.value;
    const planned = await plan(db, input, drafts, false);
    const stored = await media.storedUploads(planned.remoteImages.map((i) => i.uploadId));
    return ok({ input, drafts, plan: planned, stored, report: toReport(input.format, drafts, planned, stored) });
  }

  /** Fetches and stores the pictures not stored yet; answers the refusals of those that could not be. */
  async function fetchPictures(prepared: Prepared, actor: Actor): Promise<ImportRefusal[]> {
    const refusals: ImportRefusal[] = [];
    const missing = prepared.plan.remoteImages.filter((i) => !prepared.stored.has(i.uploadId));
    await eachLimited(missing, FETCH_CONCURRENCY, async (image) => {
      try {
        const bytes = await fetchImage(image.url, {
          timeoutMs: config.IMPORT_IMAGE_TIMEOUT_MS,
          allowPrivate: config.IMPORT_IMAGES_ALLOW_PRIVATE,
        });
        const encoded = await media.encode(bytes);
        if (!encoded.ok)
          throw new ImageFetchError(encoded.reason === 'not_an_image' ? 'not a picture' : 'a damaged picture');
        await media.store(db, encoded.value, actor.userId, image.uploadId);
      } catch (err) {
        if (!(err instanceof ImageFetchError)) throw err;
        refusals.push({ line: image.line, reason: `image ${image.url} could not be fetched: ${err.message}` });
      }
    });
    return refusals;
  }

  /**
   * Writes a batch of planned products in the import's transaction: new products and their variants in
   * one INSERT each, changed rows one by one, then the stock movements of every variant whose stock moved.
   */
  async function writeBatch(
    tx: Tx,
    batch: ProductPlan[],
    meta: { now: Date; modifiedBy: string; note: string; actorId: string },
  ) {
    const newIds = await insertProducts(
      tx,
      batch.filter((p) => p.action === 'create').map((p) => ({ ...p.values, slug: p.handle })),
      meta,
    );
    const written = batch
      .filter((p) => p.action !== 'unchanged')
      .map((p) => ({ plan: p, productId: p.id ?? newIds.get(p.handle)! }));
    for (const { plan, productId } of written) {
      if (plan.action === 'update' && plan.productChanged) await updateProduct(tx, productId, plan.values, meta);
      for (const v of plan.variants)
        if (v.action !== 'create' && v.write && v.id) await updateVariant(tx, v.id, v.values);
    }
    const variantIds = await insertVariants(
      tx,
      written.flatMap(({ plan, productId }) =>
        plan.variants.filter((v) => v.action === 'create').map((v) => ({ ...v.values, productId })),
      ),
    );
    await insertMovements(
      tx,
      written.flatMap(({ plan, productId }) =>
        plan.variants
          .filter((v) => v.stockDelta !== 0)
          .map((v) => ({
            productId,
            variantId: v.id ?? variantIds.get(v.values.sku)!,
            delta: v.stockDelta,
            note: meta.note,
            actorId: meta.actorId,
            createdAt: meta.now,
          })),
      ),
    );
  }

  /** The apply itself, after the answer (see the service's comment). Never throws for an expected outcome. */
  async function apply(actor: Actor, prepared: Prepared, record: ImportRow): Promise<void> {
    const { input, drafts } = prepared;
    const finish = (state: 'done' | 'failed', summary: ImportReport, error: string | null, doneRows?: number) =>
      finishImport(db, record.id, { state, summary, error, at: clock.now(), doneRows });
    try {
      const pictureRefusals = await fetchPictures(prepared, actor);
      if (pictureRefusals.length > 0) {
        const report = toReport(input.format, drafts, prepared.plan, prepared.stored, pictureRefusals);
        await finish(
          'failed',
          report,
          `${pictureRefusals.length} picture(s) could not be fetched; nothing was imported`,
        );
        return;
      }
      const modifiedBy = await emailOf(db, actor.userId);
      const outcome = await db.transaction(async (tx) => {
        await lockImports(tx);
        const planned = await plan(tx, input, drafts, true);
        if (planned.refusals.length > 0) return { refused: planned, report: undefined };
        const meta = {
          now: clock.now(),
          modifiedBy,
          note: `Import ${input.fileName ?? 'file'} (${record.id})`,
          actorId: actor.userId,
        };
        await insertBrands(tx, planned.brands);
        let done = 0;
        for (let i = 0; i < planned.products.length; i += PROGRESS_EVERY) {
          const batch = planned.products.slice(i, i + PROGRESS_EVERY);
          await writeBatch(tx, batch, meta);
          done += batch.reduce((sum, p) => sum + p.rows, 0);
          // On the pool, not `tx`: the admin page sees it while this transaction is still open.
          await setProgress(db, record.id, done);
        }
        const restocked = planned.products.filter((p) => p.restocked && p.id).map((p) => p.id!);
        await backInStock.queueNotification(tx, restocked);
        const report = toReport(input.format, drafts, planned, prepared.stored);
        await audit.record(tx, actor, {
          action: 'catalog.import',
          entityType: 'catalog_import',
          entityId: record.id,
          after: { file_name: input.fileName, ...report, refusals: undefined },
        });
        return { refused: undefined, report };
      });
      if (outcome.refused) {
        const report = toReport(input.format, drafts, outcome.refused, prepared.stored);
        await finish(
          'failed',
          report,
          'The catalogue changed since the check: some rows are refused now; nothing was imported',
        );
        return;
      }
      await catalog.invalidate();
      await finish('done', outcome.report, null, drafts.rows);
    } catch (err) {
      await finish('failed', prepared.report, 'The import failed unexpectedly; nothing was imported').catch(() => {});
      throw err;
    }
  }

  return {
    /** What the file would do: counts and refusals. Nothing is written. */
    async dryRun(input: ImportInput): Promise<Result<ImportReport, CatalogIoFailure>> {
      const prepared = await prepare(input);
      return prepared.ok ? ok(prepared.value.report) : prepared;
    },

    /**
     * Checks the file and, when nothing is refused, records the import (under `importId` when given) and
     * applies it after answering; follow it with `getImport`. Any refusal: `refused`, nothing written.
     */
    async startApply(
      actor: Actor,
      input: ImportInput,
      importId: string | undefined,
    ): Promise<Result<CatalogImport, CatalogIoFailure>> {
      const prepared = await prepare(input);
      if (!prepared.ok) return prepared;
      const { report } = prepared.value;
      if (report.refusals_total > 0) return fail('refused', { report });
      const id = importId ?? randomUUID();
      const record = await insertImport(db, {
        id,
        format: input.format,
        fileName: input.fileName,
        totalRows: prepared.value.drafts.rows,
        createdBy: actor.userId,
        createdAt: clock.now(),
      });
      if (!record) return fail('import_exists', { id });
      background.run('catalog-import', () => apply(actor, prepared.value, record));
      return ok(toImportWire(record));
    },

    /** An import's progress, then its outcome. */
    async getImport(id: string): Promise<Result<CatalogImport, CatalogIoFailure>> {
      const row = await selectImport(db, id);
      return row ? ok(toImportWire(row)) : fail('import_not_found');
    },

    /** The whole catalogue as a CSV of the format; the export is audit-logged. */
    async exportCatalog(actor: Actor, format: CatalogFormat): Promise<string> {
      const csv = exportCsv(format, await selectCatalog(db), policy.ownOrigin);
      await audit.record(db, actor, { action: 'catalog.export', entityType: 'catalog', after: { format } });
      return csv;
    },
  };
}
export type CatalogIoService = ReturnType<typeof createCatalogIoService>;
