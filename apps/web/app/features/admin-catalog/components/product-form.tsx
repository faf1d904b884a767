import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminProduct,
  createProductBody,
  MAX_IMAGES,
  type ProductFormOptions,
  percentOff,
  UPLOAD_MAX_BYTES,
  type UpdateProductBody,
  updateProductBody,
} from '@shop/contracts/admin-catalog';
import { type CurrencyUnit, fromMinor, toMinor } from '@shop/contracts/currency';
import { discountedCents } from '@shop/contracts/money';
import { STANDARD_CLASS } from '@shop/contracts/tax';
import { SEO_LIMITS } from '@shop/contracts/variants';
import { useQuery } from '@tanstack/react-query';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FieldError, FormAlert } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import {
  AdminApiError,
  amountText,
  currencySymbol,
  decimalsMessage,
  firstErrorMessage,
  fitsBase,
  isAdmin,
  moneyInput,
  Panel,
  RichTextEditor,
  useBaseCurrency,
} from '../../admin/index.ts';
import { taxQuery } from '../../admin-tax/index.ts';
import { useSession } from '../../auth/index.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { useUploadImage } from '../api/upload-image.ts';
import { thumbOf } from '../images.ts';
import { emptyRow, type GridRow, type OptionDraft, rowsOf, variantPayload } from '../variant-grid.ts';
import { ListEditor } from './list-editor.tsx';
import { StaffImage } from './staff-image.tsx';
import { VariantsEditor } from './variants-editor.tsx';

const NONE = 'none';

interface FormState {
  name: string;
  slug: string;
  description: string;
  product_type: string;
  tax_class: string;
  category: string;
  subcategory: string;
  brand: string;
  regular_price: string;
  sale_price: string;
  percentage_discount: string;
  images: string[];
  options: OptionDraft[];
  variants: GridRow[];
  meta_title: string;
  meta_description: string;
  features: string[];
  featured: string[];
  tags: string[];
  published: boolean;
}

function initialState(base: CurrencyUnit, product?: AdminProduct): FormState {
  return {
    name: product?.name ?? '',
    slug: product?.slug ?? '',
    description: product?.description ?? '',
    product_type: product?.product_type ?? '',
    tax_class: product?.tax_class ?? STANDARD_CLASS,
    category: product?.category ?? '',
    subcategory: product?.subcategory ?? NONE,
    brand: product?.brand ?? NONE,
    regular_price: product ? amountText(product.regular_price, base) : '',
    sale_price: product ? amountText(product.sale_price, base) : '',
    percentage_discount: product ? String(product.percentage_discount) : '0',
    images: product?.images ?? [],
    options: product?.options ?? [],
    // A product without options still has one variant: its SKU and stock.
    variants: product ? rowsOf(product, base.digits) : [emptyRow([])],
    meta_title: product?.meta_title ?? '',
    meta_description: product?.meta_description ?? '',
    features: product?.features ?? [],
    featured: product?.featured ?? [],
    tags: product?.tags ?? [],
    published: product?.published ?? false,
  };
}

/** A number typed in a field, or undefined when blank; NaN stays NaN so the schema names the field. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));
/** A price typed in a field in minor units of the base, or undefined when blank or not a number. */
const minorOf = (text: string, base: CurrencyUnit) => {
  const n = numberOf(text);
  return n === undefined || !Number.isFinite(n) ? undefined : toMinor(n, base.digits);
};

/** The body sent for the form's fields: the options and the whole variants grid with them. */
function payload(state: FormState) {
  return {
    name: state.name,
    ...(state.slug.trim() ? { slug: state.slug } : {}),
    description: state.description,
    product_type: state.product_type,
    tax_class: state.tax_class,
    category: state.category,
    subcategory: state.subcategory === NONE ? null : state.subcategory,
    brand: state.brand === NONE ? null : state.brand,
    regular_price: numberOf(state.regular_price),
    sale_price: numberOf(state.sale_price),
    percentage_discount: numberOf(state.percentage_discount),
    images: state.images,
    options: state.options,
    variants: state.variants.map(variantPayload),
    meta_title: state.meta_title,
    meta_description: state.meta_description,
    features: state.features,
    featured: state.featured,
    tags: state.tags,
    published: state.published,
  };
}

interface PricedBody {
  regular_price?: number | undefined;
  sale_price?: number | undefined;
  variants?: { price: number | null; compare_at_price: number | null }[] | undefined;
}

/** Each price a whole number of the base's smallest unit: no cents for yen (docs/adr/050-currencies.md). */
function checkPriceDigits(base: CurrencyUnit) {
  return (body: PricedBody, ctx: z.RefinementCtx) => {
    const check = (amount: number | null | undefined, field: string, path: (string | number)[]) => {
      if (typeof amount === 'number' && !fitsBase(amount, base)) {
        ctx.addIssue({ code: 'custom', message: decimalsMessage(field, base), path });
      }
    };
    check(body.regular_price, 'Regular price', ['regular_price']);
    check(body.sale_price, 'Sale price', ['sale_price']);
    body.variants?.forEach((v, i) => {
      check(v.price, 'Price', ['variants', i, 'price']);
      check(v.compare_at_price, 'Compare-at price', ['variants', i, 'compare_at_price']);
    });
  };
}

/**
 * The form checked with the API's own schema (contracts `createProductBody` / `updateProductBody`) and
 * its prices with the base currency's digits.
 */
const productForm = (product: AdminProduct | undefined, base: CurrencyUnit) =>
  product
    ? z
        .custom<FormState>()
        .transform((state) => payload(state) as z.input<typeof updateProductBody>)
        .pipe(updateProductBody.superRefine(checkPriceDigits(base)))
    : z
        .custom<FormState>()
        .transform((state) => payload(state) as z.input<typeof createProductBody>)
        .pipe(createProductBody.superRefine(checkPriceDigits(base)));

/**
 * The one product form of add-product and edit-product: every field, pictures uploaded and
 * previewed, lists edited in place. It is checked with the API's own schema before it is sent, and
 * the API's answer (a taken slug, an unknown subcategory) shows above the form.
 */
export function ProductForm({ product, options }: { product?: AdminProduct; options: ProductFormOptions }) {
  const navigate = useNavigate();
  const base = useBaseCurrency();
  const money = moneyInput(base);
  const symbol = currencySymbol(base);
  const form = useForm<FormState, unknown, UpdateProductBody>({
    resolver: zodResolver(productForm(product, base)) as Resolver<FormState, unknown, UpdateProductBody>,
    defaultValues: initialState(base, product),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const state = form.watch();
  const { errors } = form.formState;
  const create = useCreateProduct();
  const update = useUpdateProduct(product?.id ?? '');
  const upload = useUploadImage();
  const fileInput = useRef<HTMLInputElement>(null);
  const category = options.categories.find((c) => c.id === state.category);
  const pending = create.isPending || update.isPending;
  // The store's tax classes are admins' (GET /api/admin/tax): staff see the product's class, unchanged.
  const admin = useSession((s) => isAdmin(s.user));
  const taxClasses = useQuery({ ...taxQuery(), enabled: admin }).data?.classes ?? [];
  const taxClassOptions = [
    ...(taxClasses.some((c) => c.code === state.tax_class) ? [] : [{ value: state.tax_class, label: state.tax_class }]),
    ...taxClasses.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })),
  ];

  /** A field's message goes once the field changes; the form's own message stays until the next send. */
  const clearError = (...keys: (keyof FormState)[]) => {
    if (keys.some((k) => errors[k])) form.clearErrors(keys);
  };
  const set = (values: Partial<FormState>) => {
    for (const [key, value] of Object.entries(values)) form.setValue(key as keyof FormState, value as never);
  };
  const change = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    set({ [key]: value });
    clearError(key);
  };

  // Sale price and percentage follow each other the way the catalogue computes them.
  function changeRegular(text: string) {
    clearError('regular_price', 'sale_price', 'percentage_discount');
    const s = form.getValues();
    const regular = minorOf(text, base);
    const pct = numberOf(s.percentage_discount);
    const sale =
      regular !== undefined && pct !== undefined && Number.isInteger(pct) && pct >= 0 && pct <= 100
        ? amountText(fromMinor(discountedCents(regular, pct), base.digits), base)
        : s.sale_price;
    set({ regular_price: text, sale_price: sale });
  }
  function changeSale(text: string) {
    clearError('regular_price', 'sale_price', 'percentage_discount');
    const s = form.getValues();
    const regular = minorOf(s.regular_price, base);
    const sale = minorOf(text, base);
    const pct =
      regular !== undefined && sale !== undefined && sale <= regular
        ? String(percentOff(regular, sale))
        : s.percentage_discount;
    set({ sale_price: text, percentage_discount: pct });
  }
  function changePercent(text: string) {
    clearError('regular_price', 'sale_price', 'percentage_discount');
    const s = form.getValues();
    const regular = minorOf(s.regular_price, base);
    const pct = numberOf(text);
    const sale =
      regular !== undefined && pct !== undefined && Number.isInteger(pct) && pct >= 0 && pct <= 100
        ? amountText(fromMinor(discountedCents(regular, pct), base.digits), base)
        : s.sale_price;
    set({ percentage_discount: text, sale_price: sale });
  }

  function changeCategory(id: string) {
    clearError('category', 'subcategory', 'featured');
    const next = options.categories.find((c) => c.id === id);
    const featured = form.getValues('featured').filter((f) => next?.featured.some((card) => card.slug === f));
    set({ category: id, subcategory: NONE, featured });
  }

  async function onFile(files: FileList | null) {
    const file = files?.[0];
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      form.setError('images', { message: `${file.name} is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB` });
      return;
    }
    if (form.getValues('images').length >= MAX_IMAGES) {
      form.setError('images', { message: `A product may have at most ${MAX_IMAGES} pictures` });
      return;
    }
    try {
      const image = await upload.mutateAsync(file);
      set({ images: [...form.getValues('images'), image.url] });
      form.clearErrors('images');
      toast.success('Picture uploaded');
    } catch (error) {
      form.setError('images', { message: error instanceof Error ? error.message : 'The upload failed' });
    }
  }

  async function onValid(parsed: UpdateProductBody) {
    try {
      const saved = product
        ? await update.mutateAsync(parsed)
        : await create.mutateAsync(payload(form.getValues()) as Parameters<typeof create.mutateAsync>[0]);
      toast.success(product ? 'Product saved' : 'Product created');
      navigate(`/admin/products/view-product/${saved.id}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The product could not be saved';
      const field = (error instanceof AdminApiError ? error.details?.issues : undefined) as
        | { path: string; message: string }[]
        | undefined;
      const key = field?.[0]?.path.split('.')[1] as keyof FormState | undefined;
      form.setError('root', { message });
      if (key) form.setError(key, { message: field?.[0]?.message });
    }
  }

  /** A field's first message (a list's message may belong to one of its entries). */
  const err = (key: keyof FormState) => firstErrorMessage({ [key]: errors[key] });
  /** A message for the whole form: the API's answer, or the schema's complaint about no one field. */
  const formMessage = errors.root?.message ?? (errors as Record<string, { message?: string } | undefined>)['']?.message;

  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate className="space-y-6">
      <FormAlert tone="error">
        {formMessage ?? (Object.values(errors).some(Boolean) ? 'Please correct the fields marked below.' : undefined)}
      </FormAlert>
      <Panel title="Details">
        <div className="grid gap-4 md:grid-cols-2">
          <LabelledField id="product-name" label="Name" error={err('name')}>
            {(control) => <Input {...control} value={state.name} onChange={(e) => change('name', e.target.value)} />}
          </LabelledField>
          <LabelledField id="product-slug" label="Slug (made from the name when blank)" error={err('slug')}>
            {(control) => <Input {...control} value={state.slug} onChange={(e) => change('slug', e.target.value)} />}
          </LabelledField>
          <RichTextEditor
            id="product-description"
            label="Description"
            name="description"
            value={state.description}
            onChange={(html) => change('description', html)}
            error={err('description')}
            className="md:col-span-2"
          />
          <LabelledField id="product-category" label="Category" error={err('category')}>
            {(control) => (
              <Select
                {...control}
                value={state.category}
                placeholder="Choose a category"
                onValueChange={changeCategory}
                options={options.categories.map((c) => ({ value: c.id, label: c.name }))}
              />
            )}
          </LabelledField>
          <LabelledField id="product-subcategory" label="Subcategory" error={err('subcategory')}>
            {(control) => (
              <Select
                {...control}
                value={state.subcategory}
                onValueChange={(v) => change('subcategory', v)}
                options={[
                  { value: NONE, label: 'None' },
                  ...(category?.subcategories.map((s) => ({ value: s.slug, label: s.name })) ?? []),
                ]}
              />
            )}
          </LabelledField>
          <LabelledField id="product-type" label="Product type" error={err('product_type')}>
            {(control) => (
              <Input
                {...control}
                value={state.product_type}
                placeholder="Shirts, Desk lamps…"
                onChange={(e) => change('product_type', e.target.value)}
              />
            )}
          </LabelledField>
          <LabelledField
            id="product-tax-class"
            label="Tax class"
            hint={admin ? 'Classes and their rates: Settings › Tax' : 'Only admins can change a product’s tax class'}
            error={err('tax_class')}
          >
            {(control) => (
              <Select
                {...control}
                value={state.tax_class}
                disabled={!admin}
                onValueChange={(v) => change('tax_class', v)}
                options={taxClassOptions}
              />
            )}
          </LabelledField>
          <LabelledField id="product-brand" label="Brand" error={err('brand')}>
            {(control) => (
              <Select
                {...control}
                value={state.brand}
                onValueChange={(v) => change('brand', v)}
                options={[
                  { value: NONE, label: 'None' },
                  ...options.brands.map((b) => ({ value: b.id, label: b.name })),
                ]}
              />
            )}
          </LabelledField>
          <div className="flex items-center gap-2 self-end pb-2">
            <Checkbox
              id="product-published"
              checked={state.published}
              onChange={(e) => change('published', e.target.checked)}
            />
            <Label htmlFor="product-published">Published (shown in the shop)</Label>
          </div>
        </div>
      </Panel>

      <Panel title="Price">
        <div className="grid gap-4 md:grid-cols-4">
          <LabelledField id="product-regular-price" label={`Regular price (${symbol})`} error={err('regular_price')}>
            {(control) => (
              <Input
                {...control}
                type="number"
                min={0}
                {...money}
                value={state.regular_price}
                onChange={(e) => changeRegular(e.target.value)}
              />
            )}
          </LabelledField>
          <LabelledField id="product-sale-price" label={`Sale price (${symbol})`} error={err('sale_price')}>
            {(control) => (
              <Input
                {...control}
                type="number"
                min={0}
                {...money}
                value={state.sale_price}
                onChange={(e) => changeSale(e.target.value)}
              />
            )}
          </LabelledField>
          <LabelledField id="product-discount" label="Discount (%)" error={err('percentage_discount')}>
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                step="1"
                value={state.percentage_discount}
                onChange={(e) => changePercent(e.target.value)}
              />
            )}
          </LabelledField>
        </div>
      </Panel>

      <Panel title="Pictures">
        <div className="space-y-3">
          {state.images.length > 0 ? (
            <ul className="flex flex-wrap gap-3" aria-label="Product pictures">
              {state.images.map((src, i) => (
                <li key={src} className="relative">
                  <StaffImage
                    src={thumbOf(src)}
                    alt={`Uploaded ${i + 1} of ${state.images.length}`}
                    width={112}
                    height={112}
                    className="size-28 max-w-none shrink-0 rounded-md border border-slate-200 bg-slate-100 object-cover"
                  />
                  <Button
                    type="button"
                    size="icon"
                    variant="destructive"
                    className="absolute top-1 right-1 size-8"
                    aria-label={`Remove picture ${i + 1}`}
                    onClick={() =>
                      change(
                        'images',
                        state.images.filter((s) => s !== src),
                      )
                    }
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-600 text-sm">No pictures yet.</p>
          )}
          <div className="space-y-1.5">
            <Label htmlFor="product-image-upload" className="inline-flex items-center gap-2">
              <ImagePlus className="size-4" aria-hidden="true" /> Upload a picture (JPEG, PNG, WebP, GIF or AVIF, at
              most 5 MB)
            </Label>
            <input
              ref={fileInput}
              id="product-image-upload"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              disabled={upload.isPending}
              onChange={(e) => onFile(e.target.files)}
              aria-describedby={errors.images ? 'product-images-error' : undefined}
              className="block text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm"
            />
            {upload.isPending ? (
              <p role="status" className="text-slate-600 text-sm">
                Uploading…
              </p>
            ) : null}
            <FieldError id="product-images-error" message={err('images')} />
          </div>
        </div>
      </Panel>

      <VariantsEditor
        options={state.options}
        rows={state.variants}
        images={state.images}
        onOptionsChange={(v) => change('options', v)}
        onRowsChange={(v) => change('variants', v)}
        optionsError={err('options')}
        variantsError={err('variants')}
      />

      <Panel title="Search engines">
        <div className="grid gap-4">
          <LabelledField
            id="product-meta-title"
            label={`Meta title (at most ${SEO_LIMITS.metaTitle} characters)`}
            error={err('meta_title')}
          >
            {(control) => (
              <Input {...control} value={state.meta_title} onChange={(e) => change('meta_title', e.target.value)} />
            )}
          </LabelledField>
          <LabelledField
            id="product-meta-description"
            label={`Meta description (at most ${SEO_LIMITS.metaDescription} characters)`}
            error={err('meta_description')}
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                value={state.meta_description}
                onChange={(e) => change('meta_description', e.target.value)}
                className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-slate-900 aria-[invalid=true]:border-red-600"
              />
            )}
          </LabelledField>
        </div>
      </Panel>

      <Panel title="Features">
        <div className="grid gap-6 md:grid-cols-2">
          <div className="md:col-span-2">
            <ListEditor
              id="product-features"
              label="Features"
              itemLabel="feature"
              values={state.features}
              onChange={(v) => change('features', v)}
              error={err('features')}
            />
          </div>
          <div className="md:col-span-2">
            <ListEditor
              id="product-tags"
              label="Tags"
              itemLabel="tag"
              values={state.tags}
              onChange={(v) => change('tags', v)}
              error={err('tags')}
            />
          </div>
          <fieldset className="md:col-span-2">
            <legend className="font-medium text-slate-800 text-sm">Featured in</legend>
            {category && category.featured.length > 0 ? (
              <div className="mt-2 flex flex-wrap gap-4">
                {category.featured.map((card) => (
                  <div key={card.slug} className="flex items-center gap-2">
                    <Checkbox
                      id={`featured-${card.slug}`}
                      checked={state.featured.includes(card.slug)}
                      onChange={(e) =>
                        change(
                          'featured',
                          e.target.checked
                            ? [...state.featured, card.slug]
                            : state.featured.filter((f) => f !== card.slug),
                        )
                      }
                    />
                    <Label htmlFor={`featured-${card.slug}`}>{card.name}</Label>
                  </div>
                ))}
              </div>
            ) : (
              <p className="mt-2 text-slate-600 text-sm">Choose a category to see its featured collections.</p>
            )}
            <FieldError id="product-featured-error" message={err('featured')} />
          </fieldset>
        </div>
      </Panel>

      <div className="flex gap-3">
        <Button type="submit" disabled={pending || upload.isPending}>
          {pending ? 'Saving…' : product ? 'Save changes' : 'Create product'}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => navigate(product ? `/admin/products/view-product/${product.id}` : '/admin/products')}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
