import { type AdminCategory, type AdminSubcategory, createSubcategoryBody } from '@shop/contracts/admin-categories';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ErrorText, SelectField, TextField } from '../../admin/index.ts';
import { useAddSubcategory, useSaveSubcategory } from '../api/categories.ts';

/**
 * A new subcategory of `category`, or one being edited: renamed, given another icon, or moved with its
 * products to another category.
 */
export function SubcategoryDialog({
  category,
  subcategory,
  categories,
  onClose,
}: {
  category: AdminCategory;
  subcategory: AdminSubcategory | null;
  categories: AdminCategory[];
  onClose: () => void;
}) {
  const [name, setName] = useState(subcategory?.name ?? '');
  const [icon, setIcon] = useState(subcategory?.icon ?? '');
  const [categoryId, setCategoryId] = useState(category.id);
  const [invalid, setInvalid] = useState<string>();
  const add = useAddSubcategory();
  const save = useSaveSubcategory();
  const pending = add.isPending || save.isPending;
  const done = (message: string) => {
    toast.success(message);
    onClose();
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The API's own schema, before anything is sent.
    const checked = createSubcategoryBody.safeParse({ name, icon });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message);
    setInvalid(undefined);
    if (!subcategory) {
      return add.mutate(
        { categoryId: category.id, body: checked.data },
        { onSuccess: () => done(`Added ${checked.data.name} to ${category.name}`) },
      );
    }
    save.mutate(
      {
        categoryId: category.id,
        id: subcategory.id,
        body: { ...checked.data, ...(categoryId === category.id ? {} : { category_id: categoryId }) },
      },
      { onSuccess: () => done(`Saved ${checked.data.name}`) },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={subcategory ? `Edit ${subcategory.name}` : `New subcategory of ${category.name}`}
    >
      <form onSubmit={onSubmit} className="grid gap-3" noValidate>
        <TextField
          id="subcategory-name"
          label="Name"
          required
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          id="subcategory-icon"
          label="Icon"
          autoComplete="off"
          hint="The name of an icon; blank shows a tag."
          value={icon}
          onChange={(e) => setIcon(e.target.value)}
        />
        {subcategory ? (
          <SelectField
            id="subcategory-category"
            label="Category"
            value={categoryId}
            onChange={(e) => setCategoryId(e.target.value)}
            options={categories.map((c) => ({ value: c.id, label: c.name }))}
          />
        ) : null}
        {subcategory && categoryId !== category.id && subcategory.product_count > 0 ? (
          <p className="text-sm">Its products move with it.</p>
        ) : null}
        <ErrorText error={invalid ?? add.error ?? save.error} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {subcategory ? 'Save changes' : 'Add subcategory'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
