import type { ImportReport } from '@shop/contracts/admin-catalog-io';
import { plural } from '../../../lib/plural.ts';

/** A report's counts: products and variants to create, update or leave, brands made, pictures fetched. */
export function ReportCounts({ report, done = false }: { report: ImportReport; done?: boolean }) {
  const rows = [
    { label: 'Products', counts: report.products },
    { label: 'Variants', counts: report.variants },
  ];
  return (
    <div className="space-y-2">
      <table className="w-full max-w-lg text-left text-sm">
        <caption className="sr-only">{done ? 'What the import did' : 'What the import would do'}</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1 font-medium">
              <span className="sr-only">Kind</span>
            </th>
            <th scope="col" className="py-1 font-medium">
              {done ? 'Created' : 'To create'}
            </th>
            <th scope="col" className="py-1 font-medium">
              {done ? 'Updated' : 'To update'}
            </th>
            <th scope="col" className="py-1 font-medium">
              Unchanged
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ label, counts }) => (
            <tr key={label} className="border-slate-100 border-t">
              <th scope="row" className="py-1 font-medium">
                {label}
              </th>
              <td className="py-1" data-testid={`${label.toLowerCase()}-create`}>
                {counts.create}
              </td>
              <td className="py-1" data-testid={`${label.toLowerCase()}-update`}>
                {counts.update}
              </td>
              <td className="py-1">{counts.unchanged}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-slate-600 text-sm">
        {plural(report.rows, 'row', 'rows')} read · {plural(report.brands.create, 'new brand', 'new brands')} ·{' '}
        {plural(report.images.fetch, 'picture', 'pictures')} {done ? 'fetched' : 'to fetch'}
        {report.images.stored > 0 ? ` (${report.images.stored} already stored)` : ''}
      </p>
    </div>
  );
}

/** The refused rows, each with its line in the file and why. */
export function RefusalList({ refusals, total }: { refusals: ImportReport['refusals']; total: number }) {
  if (total === 0) return null;
  return (
    <section aria-labelledby="refusals-heading" className="space-y-2">
      <h3 id="refusals-heading" className="font-semibold text-red-800">
        {plural(total, 'refused row', 'refused rows')}
      </h3>
      <ul className="max-h-80 space-y-1 overflow-auto rounded-md border border-red-200 bg-red-50 p-3 text-red-900 text-sm">
        {refusals.map((r) => (
          <li key={`${r.line}:${r.reason}`}>
            <span className="font-medium">Line {r.line}:</span> {r.reason}
          </li>
        ))}
      </ul>
      {total > refusals.length ? (
        <p className="text-slate-600 text-sm">The first {refusals.length} are listed.</p>
      ) : null}
    </section>
  );
}
