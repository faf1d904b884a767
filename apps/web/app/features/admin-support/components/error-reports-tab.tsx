import type { ErrorReport } from '@shop/contracts/error-reports';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable, formatDateTime, Pagination, QueryState } from '../../admin/index.ts';
import { useErrorReports } from '../api/get-error-reports.ts';

/** What shoppers reported from the error page (docs/product.md §10), newest first. */
export function ErrorReportsTab() {
  const [page, setPage] = useState(1);
  const query = useErrorReports(page);
  const columns: ColumnDef<ErrorReport, unknown>[] = [
    { header: 'When', cell: ({ row }) => formatDateTime(row.original.created_at) },
    { header: 'Error ID', cell: ({ row }) => <span className="font-mono text-xs">{row.original.error_id}</span> },
    { header: 'Message', accessorKey: 'message' },
    { header: 'Status', cell: ({ row }) => row.original.status ?? '—' },
    { header: 'Page', cell: ({ row }) => <span className="font-mono text-xs">{row.original.path}</span> },
  ];
  return (
    <QueryState query={query}>
      {(data) => (
        <div className="space-y-3">
          <DataTable
            caption="Error reports"
            columns={columns}
            data={data.items}
            getRowId={(r) => r.id}
            emptyText="No error reports."
          />
          <Pagination page={data.page} limit={data.limit} total={data.total} onPage={setPage} />
        </div>
      )}
    </QueryState>
  );
}
