import type { AdminBrand } from '@shop/contracts/admin-brands';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button.tsx';
import { plural } from '../../../lib/plural.ts';
import { AdminPage, DataTable, QueryState } from '../../admin/index.ts';
import { useDeleteBrand } from '../api/delete-brand.ts';
import { useBrands } from '../api/get-brands.ts';
import { BrandDialog } from './brand-dialog.tsx';

/** Admin › Brands: the brands products are picked from — list, create, edit, delete. */
export function BrandsPage() {
  const query = useBrands();
  const remove = useDeleteBrand();
  const [editing, setEditing] = useState<AdminBrand | 'new' | null>(null);

  function onDelete(brand: AdminBrand) {
    if (!window.confirm(`Delete the brand ${brand.name}?`)) return;
    remove.mutate(brand, {
      onSuccess: () => toast.success(`${brand.name} deleted`),
      // A brand in use stays: the API says how many products use it.
      onError: (e) => toast.error(e.message),
    });
  }

  const columns: ColumnDef<AdminBrand, unknown>[] = [
    { header: 'Name', cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
    { header: 'Slug', cell: ({ row }) => row.original.slug },
    { header: 'Products', cell: ({ row }) => plural(row.original.product_count, 'product', 'products') },
    { header: 'Logo', cell: ({ row }) => (row.original.logo ? 'Yes' : '—') },
    {
      header: 'Actions',
      cell: ({ row }) => {
        const brand = row.original;
        return (
          <div className="flex flex-wrap gap-1">
            <Button size="sm" variant="outline" onClick={() => setEditing(brand)} aria-label={`Edit ${brand.name}`}>
              Edit
            </Button>
            <Button size="sm" variant="destructive" onClick={() => onDelete(brand)} aria-label={`Delete ${brand.name}`}>
              Delete
            </Button>
          </div>
        );
      },
    },
  ];

  return (
    <AdminPage
      title="Brands"
      description="The brands products are sold under. A brand can be deleted once no product uses it."
      actions={
        <Button onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden="true" /> New brand
        </Button>
      }
    >
      <QueryState query={query}>
        {(data) => (
          <DataTable
            caption="Brands"
            columns={columns}
            data={data.items}
            getRowId={(b) => b.id}
            emptyText="No brands yet."
          />
        )}
      </QueryState>
      {editing ? <BrandDialog brand={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}
