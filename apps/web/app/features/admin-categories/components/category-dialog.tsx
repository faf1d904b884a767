import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminCategory,
  type CreateCategoryBody,
  type CreateCategoryInput,
  createCategoryBody,
} from '@shop/contracts/admin-categories';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ErrorText, firstErrorMessage, PictureField, RichTextEditor, TextField } from '../../admin/index.ts';
import { useSaveCategory } from '../api/categories.ts';

interface CategoryFormValues {
  /** An edited category's id: its address. */
  address: string;
  /** An edited category's other names, comma-separated. */
  aliases: string;
  name: string;
  icon: string;
  description: string;
  offerOn: boolean;
  offerTitle: string;
  offerText: string;
  offerLink: string;
  badge: string;
  hidden: boolean;
  picture: string;
  seoTitle: string;
  seoDescription: string;
}

/** The dialog's fields as the API takes them: no offer unless the box is ticked, a blank badge is none. */
const categoryBody = (v: CategoryFormValues): CreateCategoryInput => ({
  name: v.name,
  icon: v.icon,
  description: v.description,
  offer: v.offerOn ? { title: v.offerTitle, text: v.offerText, link: v.offerLink } : null,
  badge: v.badge,
  hidden: v.hidden,
  picture: v.picture.trim() || null,
  seo_title: v.seoTitle,
  seo_description: v.seoDescription,
});

/** Checked with the API's own schema (contracts `createCategoryBody`) before it is sent. */
const categoryForm = z
  .custom<CategoryFormValues>()
  .transform((v) => categoryBody(v))
  .pipe(createCategoryBody);

/**
 * A new or an edited category: its name, icon and description, and what its panel in the storefront's
 * category menu shows — an offer box and a badge, each only when the owner writes one.
 */
export function CategoryDialog({ category, onClose }: { category: AdminCategory | null; onClose: () => void }) {
  const form = useForm<CategoryFormValues, unknown, CreateCategoryBody>({
    resolver: zodResolver(categoryForm),
    defaultValues: {
      address: category?.id ?? '',
      aliases: category?.aliases.join(', ') ?? '',
      name: category?.name ?? '',
      icon: category?.icon ?? '',
      description: category?.description ?? '',
      offerOn: Boolean(category?.offer),
      offerTitle: category?.offer?.title ?? '',
      offerText: category?.offer?.text ?? '',
      offerLink: category?.offer?.link ?? '',
      badge: category?.badge ?? '',
      hidden: category?.hidden ?? false,
      picture: category?.picture ?? '',
      seoTitle: category?.seo_title ?? '',
      seoDescription: category?.seo_description ?? '',
    },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const save = useSaveCategory();
  const offerOn = form.watch('offerOn');
  const picture = form.watch('picture');

  const onValid = () => {
    const values = form.getValues();
    const address = values.address.trim();
    const moved = category && address !== category.id ? { id: address } : {};
    const aliases = values.aliases
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    const named = category && aliases.join() !== category.aliases.join() ? { aliases } : {};
    save.mutate(
      { id: category?.id, body: { ...moved, ...named, ...categoryBody(values) } },
      {
        onSuccess: (saved) => {
          toast.success(category ? `Saved ${saved.name}` : `Created ${saved.name}`);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={category ? `Edit ${category.name}` : 'New category'}
    >
      <form onSubmit={form.handleSubmit(onValid)} className="grid gap-3" noValidate>
        <TextField id="category-name" label="Name" required autoComplete="off" {...form.register('name')} />
        {category ? (
          <TextField
            id="category-address"
            label="Address"
            autoComplete="off"
            spellCheck={false}
            hint={`Its page is /products/category/${category.id}. A new address keeps the old one leading here.`}
            {...form.register('address')}
          />
        ) : null}
        {category ? (
          <TextField
            id="category-aliases"
            label="Other names in links"
            autoComplete="off"
            spellCheck={false}
            placeholder="coats, jackets"
            hint="Separated by commas; each leads to this category. The first is what the shop's category filter puts in links."
            {...form.register('aliases')}
          />
        ) : null}
        <TextField
          id="category-icon"
          label="Icon"
          autoComplete="off"
          placeholder="Smartphone"
          hint="The name of an icon (Smartphone, Shirt, Home, Dumbbell, Book…); blank shows a tag."
          {...form.register('icon')}
        />
        <RichTextEditor
          id="category-description"
          label="Description"
          name="description"
          value={form.getValues('description')}
          onChange={(html) => form.setValue('description', html)}
        />
        <PictureField
          id="category-picture"
          label="Picture"
          value={picture.trim() || null}
          onChange={(next) => form.setValue('picture', next ?? '')}
        />
        <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3">
          <legend className="px-1 font-medium text-sm">In search results</legend>
          <TextField
            id="category-seo-title"
            label="Search title"
            autoComplete="off"
            hint="At most 70 characters; blank uses the category's name."
            {...form.register('seoTitle')}
          />
          <TextField
            id="category-seo-description"
            label="Search description"
            autoComplete="off"
            hint="At most 160 characters; blank uses the description's first paragraph."
            {...form.register('seoDescription')}
          />
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" {...form.register('hidden')} />
          Hidden from the shop (its products stay listed)
        </label>
        <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3">
          <legend className="px-1 font-medium text-sm">In the category menu</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" {...form.register('offerOn')} />
            Show an offer box
          </label>
          {offerOn ? (
            <>
              <TextField
                id="category-offer-title"
                label="Offer title"
                autoComplete="off"
                {...form.register('offerTitle')}
              />
              <TextField
                id="category-offer-text"
                label="Offer text"
                autoComplete="off"
                {...form.register('offerText')}
              />
              <TextField
                id="category-offer-link"
                label="Offer link"
                autoComplete="off"
                placeholder="/products?category=…"
                hint="A page of this shop (starting with /) or an https:// address; blank for no link."
                {...form.register('offerLink')}
              />
            </>
          ) : null}
          <TextField
            id="category-badge"
            label="Badge beside the featured products"
            autoComplete="off"
            hint="A few words such as “New in”; blank for none."
            {...form.register('badge')}
          />
        </fieldset>
        <ErrorText error={firstErrorMessage(form.formState.errors) ?? save.error} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {category ? 'Save changes' : 'Create category'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
