import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminBrand, type CreateBrandBody, createBrandBody } from '@shop/contracts/admin-brands';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ErrorText, firstErrorMessage, TextAreaField, TextField } from '../../admin/index.ts';
import { useSaveBrand } from '../api/save-brand.ts';

interface BrandFormValues {
  name: string;
  slug: string;
  logo: string;
  description: string;
}

/** The dialog's fields as the API takes them: a blank slug is made from the name, a blank logo is none. */
const brandBody = (v: BrandFormValues) => ({
  name: v.name,
  ...(v.slug.trim() ? { slug: v.slug } : {}),
  logo: v.logo.trim() || null,
  description: v.description,
});

/** Checked with the API's own schema (contracts `createBrandBody`) before it is sent. */
const brandForm = z
  .custom<BrandFormValues>()
  .transform((v) => brandBody(v) as z.input<typeof createBrandBody>)
  .pipe(createBrandBody);

/** A new or an edited brand: name, slug, logo (a picture uploaded to the shop) and description. */
export function BrandDialog({ brand, onClose }: { brand: AdminBrand | null; onClose: () => void }) {
  const form = useForm<BrandFormValues, unknown, CreateBrandBody>({
    resolver: zodResolver(brandForm),
    defaultValues: {
      name: brand?.name ?? '',
      slug: brand?.slug ?? '',
      logo: brand?.logo ?? '',
      description: brand?.description ?? '',
    },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const save = useSaveBrand();

  const onValid = () =>
    save.mutate(
      { id: brand?.id, body: brandBody(form.getValues()) },
      {
        onSuccess: (saved) => {
          toast.success(brand ? `Saved ${saved.name}` : `Created ${saved.name}`);
          onClose();
        },
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={brand ? `Edit ${brand.name}` : 'New brand'}>
      <form onSubmit={form.handleSubmit(onValid)} className="grid gap-3" noValidate>
        <TextField id="brand-name" label="Name" required autoComplete="off" {...form.register('name')} />
        <TextField
          id="brand-slug"
          label="Slug"
          autoComplete="off"
          hint="The brand page's address; made from the name when blank."
          {...form.register('slug')}
        />
        <TextField
          id="brand-logo"
          label="Logo"
          autoComplete="off"
          placeholder="/media/uploads/…/large.webp"
          hint="A picture uploaded to the shop (Products › upload), or blank for none."
          {...form.register('logo')}
        />
        <TextAreaField id="brand-description" label="Description" rows={4} {...form.register('description')} />
        <ErrorText error={firstErrorMessage(form.formState.errors) ?? save.error} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {brand ? 'Save changes' : 'Create brand'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
