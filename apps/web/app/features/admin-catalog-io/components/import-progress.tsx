import { QueryState } from '../../admin/index.ts';
import { useImport } from '../api/get-import.ts';
import { RefusalList, ReportCounts } from './import-report.tsx';

/** A started import: its progress bar (read again every half second while it runs), then what it did. */
export function ImportProgress({ id }: { id: string }) {
  const query = useImport(id);
  return (
    <QueryState query={query}>
      {(run) => (
        <div className="space-y-3" aria-live="polite">
          <div className="space-y-1">
            <label htmlFor="import-progress" className="font-medium text-sm">
              {run.state === 'running'
                ? `Importing ${run.file_name ?? 'the file'}…`
                : `Import of ${run.file_name ?? 'the file'}`}
            </label>
            <progress
              id="import-progress"
              className="block h-3 w-full max-w-lg"
              value={run.done_rows}
              max={Math.max(run.total_rows, 1)}
            />
            <p className="text-slate-600 text-sm">
              {run.done_rows} of {run.total_rows} rows
            </p>
          </div>
          {run.state === 'done' && run.summary ? (
            <div className="space-y-2">
              <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-green-900 text-sm">
                Import finished: every row is applied.
              </p>
              <ReportCounts report={run.summary} done />
            </div>
          ) : null}
          {run.state === 'failed' ? (
            <div className="space-y-2">
              <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800 text-sm">
                {run.error ?? 'The import failed; nothing was imported.'}
              </p>
              {run.summary ? <RefusalList refusals={run.summary.refusals} total={run.summary.refusals_total} /> : null}
            </div>
          ) : null}
        </div>
      )}
    </QueryState>
  );
}
