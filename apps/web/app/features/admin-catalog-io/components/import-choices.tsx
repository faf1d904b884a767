import type { ImportReport } from '@shop/contracts/admin-catalog-io';
import { plural } from '../../../lib/plural.ts';
import { SelectField } from '../../admin/index.ts';

/** What the owner accepts for an import the dry run found problems in (ADR 029). */
export interface ImportChoicesValue {
  /** Import without the pictures that could not be fetched (kept on the product, to fetch again). */
  skipFailedImages: boolean;
  /** The later rows of a SKU given twice get the suffix the dry run shows. */
  acceptDuplicateSkus: boolean;
  /** A category id for the products that match none, or '' to refuse them. */
  defaultCategory: string;
}

/**
 * The dry run's offers: import without the pictures that failed, accept the suffixes of duplicate
 * SKUs, choose a category for products that match none. Each change checks the file again.
 */
export function ImportChoices({
  report,
  value,
  onChange,
  categories,
}: {
  report: ImportReport;
  value: ImportChoicesValue;
  onChange: (next: ImportChoicesValue) => void;
  categories: readonly { id: string; name: string }[];
}) {
  const failed = report.failed_images ?? [];
  const duplicates = report.duplicate_skus ?? [];
  const uncategorized = report.uncategorized ?? 0;
  if (failed.length === 0 && duplicates.length === 0 && uncategorized === 0 && !value.defaultCategory) return null;
  return (
    <div className="space-y-4">
      {failed.length > 0 ? (
        <section aria-labelledby="failed-images-heading" className="space-y-2">
          <h4 id="failed-images-heading" className="font-semibold">
            {plural(failed.length, 'picture could not be fetched', 'pictures could not be fetched')}
          </h4>
          <ul className="max-h-48 space-y-1 overflow-auto rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
            {failed.map((f) => (
              <li key={`${f.line}:${f.url}`} className="break-all">
                <span className="font-medium">Line {f.line}:</span> {f.url} — {f.reason}
              </li>
            ))}
          </ul>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={value.skipFailedImages}
              onChange={(e) => onChange({ ...value, skipFailedImages: e.target.checked })}
            />
            Import without the {plural(failed.length, 'picture', 'pictures')} that failed
          </label>
          <p className="text-slate-600 text-sm">
            Each product keeps the addresses of its missing pictures: fetch them again from the product.
          </p>
        </section>
      ) : null}
      {duplicates.length > 0 ? (
        <section aria-labelledby="duplicate-skus-heading" className="space-y-2">
          <h4 id="duplicate-skus-heading" className="font-semibold">
            {plural(duplicates.length, 'SKU is given again', 'SKUs are given again')}
          </h4>
          <ul className="max-h-48 space-y-1 overflow-auto rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
            {duplicates.map((d) => (
              <li key={d.line}>
                <span className="font-medium">Line {d.line}:</span> {d.sku} (also on line {d.first_line}) becomes{' '}
                <span className="font-mono">{d.resolved_as}</span>
              </li>
            ))}
          </ul>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={value.acceptDuplicateSkus}
              onChange={(e) => onChange({ ...value, acceptDuplicateSkus: e.target.checked })}
            />
            Give the later rows these SKUs
          </label>
        </section>
      ) : null}
      {uncategorized > 0 || value.defaultCategory ? (
        <SelectField
          id="dry-run-default-category"
          label={
            uncategorized > 0
              ? `${plural(uncategorized, 'product matches', 'products match')} no category: put them in`
              : 'Products that match no category go in'
          }
          options={[{ value: '', label: 'Refuse them' }, ...categories.map((c) => ({ value: c.id, label: c.name }))]}
          value={value.defaultCategory}
          onChange={(e) => onChange({ ...value, defaultCategory: e.target.value })}
        />
      ) : null}
    </div>
  );
}
