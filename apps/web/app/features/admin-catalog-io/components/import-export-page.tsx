import type { CatalogFormat, ImportReport } from '@shop/contracts/admin-catalog-io';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { type ComponentProps, type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { failureMessage } from '../../../lib/http.ts';
import { AdminPage, ErrorText, Panel, SelectField } from '../../admin/index.ts';
import { productOptionsQuery } from '../../admin-catalog/index.ts';
import { exportCatalog } from '../api/export-catalog.ts';
import { refusalsOf, useApplyImport, useDryRun } from '../api/import-file.ts';
import { ImportChoices, type ImportChoicesValue } from './import-choices.tsx';
import { ImportProgress } from './import-progress.tsx';
import { RefusalList, ReportCounts } from './import-report.tsx';

const FORMATS = [
  { value: 'shop', label: 'This shop’s CSV' },
  { value: 'shopify', label: 'Shopify product CSV' },
] as const;

function ExportPanel() {
  const [busy, setBusy] = useState<CatalogFormat | null>(null);
  async function download(format: CatalogFormat) {
    setBusy(format);
    try {
      await exportCatalog(format);
    } catch (error) {
      toast.error(await failureMessage(error, 'The export failed'));
    } finally {
      setBusy(null);
    }
  }
  return (
    <Panel title="Export">
      <p className="mb-3 text-slate-600 text-sm">Every product and variant, one row per variant, as a CSV file.</p>
      <div className="flex flex-wrap gap-2">
        {FORMATS.map((f) => (
          <Button key={f.value} variant="outline" disabled={busy !== null} onClick={() => download(f.value)}>
            <Download className="mr-2 size-4" aria-hidden /> Download {f.label}
          </Button>
        ))}
      </div>
    </Panel>
  );
}

/** The dry run's answer: counts, refusals, its offers, and the button that applies it when nothing is refused. */
function DryRunResult({
  report,
  onApply,
  applying,
  choices,
}: {
  report: ImportReport;
  onApply: () => void;
  applying: boolean;
  choices: ComponentProps<typeof ImportChoices>;
}) {
  return (
    <section aria-labelledby="dry-run-heading" className="space-y-3 border-slate-200 border-t pt-4">
      <h3 id="dry-run-heading" className="font-semibold">
        Dry run: nothing has been written yet
      </h3>
      <ReportCounts report={report} />
      <ImportChoices {...choices} />
      <RefusalList refusals={report.refusals} total={report.refusals_total} />
      {report.refusals_total === 0 ? (
        <Button onClick={onApply} disabled={applying}>
          Apply import
        </Button>
      ) : (
        <p className="text-slate-700 text-sm">
          Nothing is imported while rows are refused: fix them and check the file again.
        </p>
      )}
    </section>
  );
}

function ImportPanel() {
  const [format, setFormat] = useState<CatalogFormat>('shop');
  const [file, setFile] = useState<File | null>(null);
  const [defaultCategory, setDefaultCategory] = useState('');
  const [skipFailedImages, setSkipFailedImages] = useState(false);
  const [acceptDuplicateSkus, setAcceptDuplicateSkus] = useState(false);
  const [importId, setImportId] = useState<string>();
  const options = useQuery(productOptionsQuery());
  const dryRun = useDryRun();
  const apply = useApplyImport();

  const reset = () => {
    dryRun.reset();
    apply.reset();
    setImportId(undefined);
  };
  const input = file ? { file, format, defaultCategory, skipFailedImages, acceptDuplicateSkus } : null;
  /** A choice in the dry run's report: kept, and the file checked again with it. */
  function choose(next: ImportChoicesValue) {
    setDefaultCategory(next.defaultCategory);
    setSkipFailedImages(next.skipFailedImages);
    setAcceptDuplicateSkus(next.acceptDuplicateSkus);
    if (!file) return;
    apply.reset();
    dryRun.mutate({ file, format, ...next });
  }

  function check(event: FormEvent) {
    event.preventDefault();
    if (!input) return;
    reset();
    dryRun.mutate(input);
  }
  function start() {
    if (!input) return;
    apply.mutate(input, { onSuccess: (started) => setImportId(started.id) });
  }
  const categories = [
    { value: '', label: 'Refuse them' },
    ...(options.data?.categories ?? []).map((c) => ({ value: c.id, label: `Put them in ${c.name}` })),
  ];
  const applyRefusals = refusalsOf(apply.error);

  return (
    <Panel title="Import">
      <form onSubmit={check} className="grid max-w-2xl gap-4 sm:grid-cols-2">
        <SelectField
          id="import-format"
          label="Format"
          options={FORMATS}
          value={format}
          onChange={(e) => {
            setFormat(e.target.value as CatalogFormat);
            setSkipFailedImages(false);
            setAcceptDuplicateSkus(false);
            reset();
          }}
        />
        <SelectField
          id="import-default-category"
          label="Products of an unknown category"
          options={categories}
          value={defaultCategory}
          onChange={(e) => {
            setDefaultCategory(e.target.value);
            reset();
          }}
        />
        <div className="space-y-1.5 sm:col-span-2">
          <Label htmlFor="import-file">CSV file</Label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setSkipFailedImages(false);
              setAcceptDuplicateSkus(false);
              reset();
            }}
          />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={!file || dryRun.isPending || importId !== undefined}>
            {dryRun.isPending ? 'Checking…' : 'Check file (dry run)'}
          </Button>
        </div>
      </form>
      <div className="mt-4 space-y-4">
        <ErrorText error={dryRun.error} />
        {dryRun.data && importId === undefined ? (
          <DryRunResult
            report={dryRun.data}
            onApply={start}
            applying={apply.isPending}
            choices={{
              report: dryRun.data,
              value: { defaultCategory, skipFailedImages, acceptDuplicateSkus },
              onChange: choose,
              categories: options.data?.categories ?? [],
            }}
          />
        ) : null}
        {applyRefusals ? (
          <RefusalList refusals={applyRefusals} total={applyRefusals.length} />
        ) : (
          <ErrorText error={apply.error} />
        )}
        {importId ? <ImportProgress id={importId} /> : null}
      </div>
    </Panel>
  );
}

/** Admin › Products › Import / export (admins only). */
export function ImportExportPage({ admin }: { admin: boolean }) {
  return (
    <AdminPage
      title="Import / export"
      description="Bring products in from a CSV — this shop’s or Shopify’s product export — or download the whole catalogue."
    >
      {admin ? (
        <>
          <ImportPanel />
          <ExportPanel />
        </>
      ) : (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-4 text-amber-900">
          Only admins can import and export products.
        </p>
      )}
    </AdminPage>
  );
}
