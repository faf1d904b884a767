import { randomUUID } from 'node:crypto';
import { MAX_IMAGES } from '@shop/contracts/admin-catalog';
import {
  type CatalogFormat,
  type CatalogImport,
  type DuplicateSku,
  type FailedImage,
  type ImportRefusal,
  type ImportReport,
  MAX_LISTED_REFUSALS,
  type RefetchAnswer,
} from '@shop/contracts/admin-catalog-io';
import { MAX_SKU_LENGTH } from '@shop/contracts/variants';
import type { Tx } from '../../db/client.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Deps } from '../../services.ts';
import type { Actor, AuditService } from '../audit/index.ts';
import type { BackInStockService } from '../back-in-stock/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { MediaService } from '../media/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { type BadFile, type Drafts, readDrafts } from './drafts.ts';
import { exportCsv } from './export.ts';
import { fetchImage, ImageFetchError, type ImagePolicy, imageSource, storedPath } from './images.ts';
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
  selectMissingImages,
  selectPictures,
  selectRefs,
  selectSkuOwners,
  selectSuffixedSkus,
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
  | Failure<'import_not_found'>
  | Failure<'product_not_found'>;

export interface ImportInput {
  format: CatalogFormat;
  file: Buffer;
  fileName: string | null;
  defaultCategory: string | undefined;
  /** The dry run fetches the pictures too, to report those that fail. */
  checkImages?: boolean;
  /** Pictures that fail are left out (kept as the product's missing pictures) instead of failing the import. */
  skipFailedImages?: boolean;
  /** A SKU given twice gets a suffix on its later rows instead of being refused. */
  resolveDuplicateSkus?: 'suffix';
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
  /** Pictures the dry run could not fetch (`checkImages`). */
  failed: FailedImage[];
  duplicates: DuplicateSku[];
  report: ImportReport;
}

function toReport(
  format: CatalogFormat,
  drafts: Drafts,
  plan: Plan,
  stored: Set<string>,
  found: { failed: FailedImage[]; duplicates: DuplicateSku[] },
) {
  const refusals = [...drafts.refusals, ...plan.refusals].sort((a, b) => a.line - b.line);
  const fetch = plan.remoteImages.filter((i) => !stored.has(i.uploadId)).length;
  return {
    format,
    rows: drafts.rows,
    ...planCounts(plan),
    images: { fetch, stored: plan.remoteImages.length - fetch },
    refusals: refusals.slice(0, MAX_LISTED_REFUSALS),
    refusals_total: refusals.length,
    failed_images: found.failed.slice(0, MAX_LISTED_REFUSALS),
    duplicate_skus: found.duplicates.slice(0, MAX_LISTED_REFUSALS),
    uncategorized: plan.uncategorized,
  } satisfies ImportReport;
}

/** The refusal of a picture that could not be fetched, for an import that does not skip them. */
const pictureRefusal = (f: FailedImage): ImportRefusal => ({
  line: f.line,
  reason: `image ${f.url} could not be fetched: ${f.reason}`,
});

/** Runs `work` over `items` with at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Product import and export (ADR 024). `dryRun` answers what a file would do and writes
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
    settings,
  }: {
    catalog: CatalogService;
    backInStock: BackInStockService;
    audit: AuditService;
    media: MediaService;
    settings: SettingsService;
  },
) {
  const policy: ImagePolicy = {
    ownOrigin: new URL(publicUrl).origin,
    allowPrivate: config.IMPORT_IMAGES_ALLOW_PRIVATE,
  };

  async function plan(
    tx: Tx | typeof db,
    input: ImportInput,
    drafts: Drafts,
    lock: boolean,
    failedImages?: ReadonlySet<string>,
  ): Promise<Plan> {
    const handles = drafts.products.map((p) => p.handle);
    const skus = drafts.products.flatMap((p) => p.variants.map((v) => v.sku));
    // One after another: inside a transaction they share one connection.
    const refs = await selectRefs(tx);
    const existing = await selectExisting(tx, handles, { lock });
    const skuOwners = await selectSkuOwners(tx, skus);
    const { tax } = await settings.current(tx);
    return planImport({
      format: input.format,
      drafts: drafts.products,
      refs,
      existing,
      skuOwners,
      defaultCategory: input.defaultCategory,
      taxClasses: tax.classes.map((c) => c.code),
      failedImages,
    });
  }

  /**
   * What each SKU given again in the file becomes: the first `SKU-n` (n ≥ 2) that no row of the file
   * uses and no other product of the shop owns (the same product's own, from an earlier run of the
   * file, is its again). Applied to the drafts when the owner accepted it.
   */
  async function resolveDuplicates(drafts: Drafts, accept: boolean): Promise<DuplicateSku[]> {
    if (drafts.duplicates.length === 0) return [];
    const taken = new Set(drafts.products.flatMap((p) => p.variants.map((v) => v.sku)));
    for (const d of drafts.duplicates) taken.add(d.variant.sku);
    const owners = await selectSuffixedSkus(db, [...new Set(drafts.duplicates.map((d) => d.variant.sku))]);
    const out: DuplicateSku[] = [];
    for (const d of [...drafts.duplicates].sort((a, b) => a.line - b.line)) {
      const sku = d.variant.sku;
      let candidate = sku;
      for (let n = 2; ; n++) {
        const tail = `-${n}`;
        candidate = `${sku.slice(0, MAX_SKU_LENGTH - tail.length)}${tail}`;
        const owner = owners.get(candidate);
        if (!taken.has(candidate) && (owner === undefined || owner === d.handle)) break;
      }
      taken.add(candidate);
      if (accept) d.variant.sku = candidate;
      out.push({ line: d.line, sku, first_line: d.firstLine, resolved_as: candidate });
    }
    return out;
  }

  /** Reads and plans a file against the catalogue as it is; nothing is written. */
  async function prepare(input: ImportInput, actor?: Actor): Promise<Result<Prepared, CatalogIoFailure>> {
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
    const accept = input.resolveDuplicateSkus === 'suffix';
    const { base } = (await settings.get()).currencies;
    const read = readDrafts(input.format, text, policy, { acceptDuplicateSkus: accept, base });
    if (!read.ok) return read;
    const drafts = read.value;
    const duplicates = await resolveDuplicates(drafts, accept);
    let planned = await plan(db, input, drafts, false);
    const stored = await media.storedUploads(planned.remoteImages.map((i) => i.uploadId));
    let failed: FailedImage[] = [];
    if (input.checkImages && actor) {
      failed = await fetchPictures(
        planned.remoteImages.filter((i) => !stored.has(i.uploadId)),
        actor,
      );
      const failedUrls = new Set(failed.map((f) => f.url));
      for (const i of planned.remoteImages) if (!failedUrls.has(i.url)) stored.add(i.uploadId);
      if (failed.length > 0 && input.skipFailedImages) {
        planned = await plan(db, input, drafts, false, failedIds(planned, failed));
      }
    }
    const report = toReport(input.format, drafts, planned, stored, { failed, duplicates });
    if (failed.length > 0 && !input.skipFailedImages) {
      // Without the owner's word, a picture that fails refuses its line (the report offers to skip them).
      const refusals = [...report.refusals, ...failed.map(pictureRefusal)].sort((a, b) => a.line - b.line);
      report.refusals = refusals.slice(0, MAX_LISTED_REFUSALS);
      report.refusals_total += failed.length;
    }
    return ok({ input, drafts, plan: planned, stored, failed, duplicates, report });
  }

  /** The upload ids of the pictures that failed. */
  const failedIds = (planned: Plan, failed: FailedImage[]) => {
    const urls = new Set(failed.map((f) => f.url));
    return new Set(planned.remoteImages.filter((i) => urls.has(i.url)).map((i) => i.uploadId));
  };

  /** Fetches and stores one picture under its upload id; throws `ImageFetchError` with the reason. */
  async function fetchOne(url: string, uploadId: string, actor: Actor): Promise<void> {
    const bytes = await fetchImage(url, {
      timeoutMs: config.IMPORT_IMAGE_TIMEOUT_MS,
      allowPrivate: config.IMPORT_IMAGES_ALLOW_PRIVATE,
    });
    const encoded = await media.encode(bytes);
    if (!encoded.ok)
      throw new ImageFetchError(encoded.reason === 'not_an_image' ? 'not a picture' : 'a damaged picture');
    await media.store(db, encoded.value, actor.userId, uploadId);
  }

  /** Fetches and stores these pictures; answers those that could not be, in the file's order. */
  async function fetchPictures(images: Plan['remoteImages'], actor: Actor): Promise<FailedImage[]> {
    const failed: FailedImage[] = [];
    await eachLimited(images, FETCH_CONCURRENCY, async (image) => {
      try {
        await fetchOne(image.url, image.uploadId, actor);
      } catch (err) {
        if (!(err instanceof ImageFetchError)) throw err;
        failed.push({ line: image.line, url: image.url, reason: err.message });
      }
    });
    return failed.sort((a, b) => a.line - b.line || a.url.localeCompare(b.url));
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
    const { input, drafts, duplicates } = prepared;
    const finish = (state: 'done' | 'failed', summary: ImportReport, error: string | null, doneRows?: number) =>
      finishImport(db, record.id, { state, summary, error, at: clock.now(), doneRows });
    try {
      const failed = await fetchPictures(
        prepared.plan.remoteImages.filter((i) => !prepared.stored.has(i.uploadId)),
        actor,
      );
      const found = { failed, duplicates };
      if (failed.length > 0 && !input.skipFailedImages) {
        const report = toReport(input.format, drafts, prepared.plan, prepared.stored, found);
        const refusals = [...report.refusals, ...failed.map(pictureRefusal)];
        await finish(
          'failed',
          { ...report, refusals: refusals.slice(0, MAX_LISTED_REFUSALS), refusals_total: refusals.length },
          `${failed.length} picture(s) could not be fetched; nothing was imported`,
        );
        return;
      }
      const skipped = failedIds(prepared.plan, failed);
      const modifiedBy = await emailOf(db, actor.userId);
      const outcome = await db.transaction(async (tx) => {
        await lockImports(tx);
        const planned = await plan(tx, input, drafts, true, skipped);
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
        const report = toReport(input.format, drafts, planned, prepared.stored, found);
        await audit.record(tx, actor, {
          action: 'catalog.import',
          entityType: 'catalog_import',
          entityId: record.id,
          after: { file_name: input.fileName, ...report, refusals: undefined },
        });
        return { refused: undefined, report };
      });
      if (outcome.refused) {
        const report = toReport(input.format, drafts, outcome.refused, prepared.stored, found);
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
    async dryRun(actor: Actor, input: ImportInput): Promise<Result<ImportReport, CatalogIoFailure>> {
      const prepared = await prepare(input, actor);
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
      const prepared = await prepare({ ...input, checkImages: false });
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

    /**
     * Fetches a product's missing pictures again (those an import could not fetch): each that now
     * comes is stored and added to its pictures (while there is room), the others stay missing. The
     * change is audit-logged like any edit of the product.
     */
    async refetchMissingImages(actor: Actor, productId: string): Promise<Result<RefetchAnswer, CatalogIoFailure>> {
      const current = await selectMissingImages(db, productId);
      if (!current) return fail('product_not_found');
      const fetched = new Map<string, string>();
      const failed: RefetchAnswer['failed'] = [];
      await eachLimited(current.missingImages, FETCH_CONCURRENCY, async (url) => {
        const source = imageSource(url, policy);
        if ('error' in source) return void failed.push({ url, reason: source.error });
        try {
          if (source.kind === 'remote' && !(await media.storedUploads([source.uploadId])).has(source.uploadId)) {
            await fetchOne(source.url, source.uploadId, actor);
          }
          fetched.set(url, storedPath(source));
        } catch (err) {
          if (!(err instanceof ImageFetchError)) throw err;
          failed.push({ url, reason: err.message });
        }
      });
      const modifiedBy = await emailOf(db, actor.userId);
      const answer = await db.transaction(async (tx) => {
        const row = await selectPictures(tx, productId);
        if (!row) return undefined;
        const images = [...row.images];
        const missingImages: string[] = [];
        for (const url of row.missingImages) {
          const path = fetched.get(url);
          if (path === undefined || (images.length >= MAX_IMAGES && !images.includes(path))) missingImages.push(url);
          else if (!images.includes(path)) images.push(path);
        }
        await updateProduct(tx, productId, { images, missingImages }, { now: clock.now(), modifiedBy });
        await audit.record(tx, actor, {
          action: 'product.images_refetch',
          entityType: 'product',
          entityId: productId,
          before: { images: row.images, missing_images: row.missingImages },
          after: { images, missing_images: missingImages },
        });
        return { images, missing_images: missingImages, fetched: images.length - row.images.length, failed };
      });
      if (!answer) return fail('product_not_found');
      await catalog.invalidate();
      return ok(answer);
    },

    /** The whole catalogue as a CSV of the format; the export is audit-logged. */
    async exportCatalog(actor: Actor, format: CatalogFormat): Promise<string> {
      const [catalogue, current] = await Promise.all([selectCatalog(db), settings.get()]);
      const csv = exportCsv(format, catalogue, policy.ownOrigin, current.currencies.base.digits);
      await audit.record(db, actor, { action: 'catalog.export', entityType: 'catalog', after: { format } });
      return csv;
    },
  };
}
export type CatalogIoService = ReturnType<typeof createCatalogIoService>;
