import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowData,
  type RowSelectionState,
  useReactTable,
} from '@tanstack/react-table';
import { cn } from '../../../lib/cn.ts';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Added to the column's header, cells and footer (alignment, width). */
    className?: string;
  }
}

/**
 * The admin area's table (TanStack Table, docs/architecture.md §2). Sorting, filtering and paging happen on the
 * server, so the table only renders what it is given; with `selection` rows get checkboxes. A list
 * page shows it framed (`bare` off); inside a panel it is `bare`: no frame, tighter cells. Columns
 * with a `footer` get a totals row.
 */
export function DataTable<T>({
  columns,
  data,
  caption,
  getRowId,
  rowLabel,
  emptyText = 'Nothing here yet.',
  selection,
  onSelectionChange,
  bare = false,
  stickyHeader = false,
  className,
}: {
  columns: ColumnDef<T, unknown>[];
  data: T[];
  /** Read by screen readers: what the table lists. */
  caption: string;
  getRowId: (row: T) => string;
  /** Names a row for its checkbox ("Select Trail Runner"); without it, rows are numbered. */
  rowLabel?: (row: T) => string;
  emptyText?: string;
  selection?: RowSelectionState;
  onSelectionChange?: (next: RowSelectionState) => void;
  bare?: boolean;
  /** Keeps the header in view while a scrolling parent scrolls the rows. */
  stickyHeader?: boolean;
  /** Added to the table element (a minimum width, for one). */
  className?: string;
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
  const hasFooter = columns.some((c) => c.footer !== undefined);
  const cellPad = bare ? 'py-1.5 pr-3' : 'px-3 py-2';

  return (
    // A sticky header sticks to the nearest scrolling box: the caller's, so this one must not scroll.
    // `relative`: the screen-reader-only text in cells is positioned absolutely; without a positioned
    // box here it escapes the scrolling box and widens the whole page on a phone.
    <div
      className={cn(
        'relative max-w-full',
        !stickyHeader && 'overflow-x-auto',
        !bare && 'rounded-lg border border-slate-200 bg-white',
      )}
    >
      <table className={cn('w-full border-collapse text-left text-sm', !bare && 'min-w-[640px]', className)}>
        <caption className="sr-only">{caption}</caption>
        <thead className={cn('text-slate-700', !bare && 'bg-slate-50', stickyHeader && 'sticky top-0 bg-white')}>
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
                <th
                  key={header.id}
                  scope="col"
                  className={cn(cellPad, 'font-semibold', header.column.columnDef.meta?.className)}
                >
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
                      aria-label={rowLabel ? `Select ${rowLabel(row.original)}` : `Select row ${row.index + 1}`}
                      checked={row.getIsSelected()}
                      onChange={row.getToggleSelectedHandler()}
                    />
                  </td>
                ) : null}
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={cn(cellPad, 'align-top text-slate-800', cell.column.columnDef.meta?.className)}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        {hasFooter ? (
          <tfoot>
            {table.getFooterGroups().map((group) => (
              <tr key={group.id} className="border-slate-300 border-t font-semibold">
                {selectable ? <td /> : null}
                {group.headers.map((header) => (
                  <td key={header.id} className={cn(cellPad, header.column.columnDef.meta?.className)}>
                    {header.isPlaceholder ? null : flexRender(header.column.columnDef.footer, header.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
