import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowSelectionState,
  useReactTable,
} from '@tanstack/react-table';
import { cn } from '../../../lib/cn.ts';

/**
 * The admin area's table (TanStack Table, DESIGN §2). Sorting, filtering and paging happen on the
 * server, so the table only renders what it is given; with `selection` rows get checkboxes.
 */
export function DataTable<T>({
  columns,
  data,
  caption,
  getRowId,
  emptyText = 'Nothing here yet.',
  selection,
  onSelectionChange,
}: {
  columns: ColumnDef<T, unknown>[];
  data: T[];
  /** Read by screen readers: what the table lists. */
  caption: string;
  getRowId: (row: T) => string;
  emptyText?: string;
  selection?: RowSelectionState;
  onSelectionChange?: (next: RowSelectionState) => void;
}) {
  const selectable = selection !== undefined && onSelectionChange !== undefined;
  const table = useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableRowSelection: selectable,
    state: selectable ? { rowSelection: selection } : {},
    onRowSelectionChange: (updater) => {
      if (!onSelectionChange || !selection) return;
      onSelectionChange(typeof updater === 'function' ? updater(selection) : updater);
    },
  });
  const allSelected = table.getIsAllRowsSelected();

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[640px] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selectable ? (
                <th scope="col" className="w-10 px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label="Select all rows"
                    checked={allSelected}
                    onChange={table.getToggleAllRowsSelectedHandler()}
                  />
                </th>
              ) : null}
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-3 py-2 font-semibold">
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + (selectable ? 1 : 0)} className="px-3 py-8 text-center text-slate-600">
                {emptyText}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={cn('border-slate-100 border-t', row.getIsSelected() && 'bg-slate-50')}>
                {selectable ? (
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      aria-label={`Select row ${row.index + 1}`}
                      checked={row.getIsSelected()}
                      onChange={row.getToggleSelectedHandler()}
                    />
                  </td>
                ) : null}
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-top text-slate-800">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
