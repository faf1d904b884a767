import type { AdminCategory } from '@shop/contracts/admin-categories';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { plural } from '../../../lib/plural.ts';
import { ErrorText, SelectField } from '../../admin/index.ts';
import { useDeleteCategory } from '../api/categories.ts';

/** Deleting a category: one with products asks where they go, and moves them in the same step. */
export function DeleteCategoryDialog({
  category,
  others,
  onClose,
}: {
  category: AdminCategory;
  others: AdminCategory[];
  onClose: () => void;
}) {
  const remove = useDeleteCategory();
  const [moveTo, setMoveTo] = useState(others[0]?.id ?? '');
  const hasProducts = category.product_count > 0;
  const blocked = hasProducts && others.length === 0;

  const onDelete = () =>
    remove.mutate(
      { id: category.id, moveTo: hasProducts ? moveTo : undefined },
      {
        onSuccess: () => {
          toast.success(`${category.name} deleted`);
          onClose();
        },
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Delete ${category.name}?`}>
      <div className="grid gap-3">
        {hasProducts ? (
          <>
            <p className="text-sm">
              {plural(category.product_count, 'product is', 'products are')} in {category.name}. They move to the
              category you choose, out of any subcategory.
            </p>
            {blocked ? (
              <p className="text-sm">Create another category first: there is nowhere to move them.</p>
            ) : (
              <SelectField
                id="delete-category-move-to"
                label="Move its products to"
                value={moveTo}
                onChange={(e) => setMoveTo(e.target.value)}
                options={others.map((c) => ({ value: c.id, label: c.name }))}
              />
            )}
          </>
        ) : (
          <p className="text-sm">It has no products. Its subcategories are deleted with it.</p>
        )}
        <ErrorText error={remove.error} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending || blocked} onClick={onDelete}>
            {hasProducts ? 'Move products and delete' : 'Delete category'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
