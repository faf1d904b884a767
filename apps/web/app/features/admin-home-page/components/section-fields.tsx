import type { AdminCategoryList } from '@shop/contracts/admin-categories';
import { type HomeSection, RAIL_LIMIT } from '@shop/contracts/home-page';
import { Plus, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { PictureField, RichTextEditor, SelectField, TextAreaField, TextField } from '../../admin/index.ts';
import { type DraftSection, RAIL_KINDS, type RailKind, railKind } from '../draft.ts';

type Of<T extends HomeSection['type']> = Extract<HomeSection, { type: T }>;

/** The fields of one section; `onChange` gets the whole draft back. */
export function SectionFields({
  draft,
  categories,
  onChange,
}: {
  draft: DraftSection;
  categories: AdminCategoryList['items'];
  onChange: (next: DraftSection) => void;
}) {
  const id = (field: string) => `section-${draft.key}-${field}`;
  const { section } = draft;
  const set = (patch: Partial<HomeSection>) => onChange({ ...draft, section: { ...section, ...patch } as HomeSection });
  const title =
    section.type === 'rich_text' ? null : (
      <TextField
        id={id('title')}
        label="Title"
        value={section.title}
        onChange={(e) => set({ title: e.target.value })}
      />
    );

  switch (section.type) {
    case 'hero':
      return (
        <div className="space-y-3">
          {title}
          <TextAreaField
            id={id('text')}
            label="Text"
            rows={2}
            value={section.text}
            onChange={(e) => set({ text: e.target.value })}
          />
          <PictureField id={id('image')} label="Picture" value={section.image} onChange={(image) => set({ image })} />
          <HeroButtons id={id} section={section} onChange={(buttons) => set({ buttons })} />
        </div>
      );
    case 'category_tiles':
    case 'featured':
      return title;
    case 'product_rail':
      return (
        <div className="space-y-3">
          {title}
          <RailSource draft={draft} section={section} categories={categories} id={id} onChange={onChange} />
          <TextField
            id={id('limit')}
            label={`Number of products (${RAIL_LIMIT.min}–${RAIL_LIMIT.max})`}
            type="number"
            min={RAIL_LIMIT.min}
            max={RAIL_LIMIT.max}
            value={Number.isNaN(section.limit) ? '' : section.limit}
            onChange={(e) => set({ limit: e.target.valueAsNumber })}
          />
        </div>
      );
    case 'banner':
      return (
        <div className="space-y-3">
          {title}
          <TextAreaField
            id={id('text')}
            label="Text"
            rows={3}
            value={section.text}
            onChange={(e) => set({ text: e.target.value })}
          />
          <TextField
            id={id('href')}
            label="Link (optional)"
            hint="A path of this shop such as /products?tag=summer, or an https:// address."
            value={section.href ?? ''}
            onChange={(e) => set({ href: e.target.value === '' ? null : e.target.value })}
          />
          <PictureField id={id('image')} label="Picture" value={section.image} onChange={(image) => set({ image })} />
        </div>
      );
    case 'rich_text':
      return <RichTextEditor id={id('text')} label="Text" value={section.text} onChange={(text) => set({ text })} />;
  }
}

function HeroButtons({
  id,
  section,
  onChange,
}: {
  id: (field: string) => string;
  section: Of<'hero'>;
  onChange: (buttons: Of<'hero'>['buttons']) => void;
}) {
  const { buttons } = section;
  const change = (index: number, patch: Partial<Of<'hero'>['buttons'][number]>) =>
    onChange(buttons.map((b, i) => (i === index ? { ...b, ...patch } : b)));
  return (
    <div className="space-y-2">
      {buttons.map((button, i) => (
        // A button's place is its identity: at most two, edited in place.
        // biome-ignore lint/suspicious/noArrayIndexKey: the two buttons are never reordered
        <div key={i} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
          <TextField
            id={id(`button-${i}-label`)}
            label={`Button ${i + 1} label`}
            value={button.label}
            onChange={(e) => change(i, { label: e.target.value })}
          />
          <TextField
            id={id(`button-${i}-href`)}
            label={`Button ${i + 1} link`}
            value={button.href}
            onChange={(e) => change(i, { href: e.target.value })}
          />
          <Button
            size="sm"
            variant="outline"
            aria-label={`Remove button ${i + 1}`}
            onClick={() => onChange(buttons.filter((_, j) => j !== i))}
          >
            <X className="size-4" aria-hidden="true" />
          </Button>
        </div>
      ))}
      {buttons.length < 2 ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onChange([...buttons, { label: 'Shop all products', href: '/products' }])}
        >
          <Plus className="size-4" aria-hidden="true" /> Add a button
        </Button>
      ) : null}
    </div>
  );
}

function RailSource({
  draft,
  section,
  categories,
  id,
  onChange,
}: {
  draft: DraftSection;
  section: Of<'product_rail'>;
  categories: AdminCategoryList['items'];
  id: (field: string) => string;
  onChange: (next: DraftSection) => void;
}) {
  const kind = railKind(section.source);
  const setSource = (source: Of<'product_rail'>['source']) => onChange({ ...draft, section: { ...section, source } });
  function choose(next: RailKind) {
    if (next === 'category') setSource({ category: categories[0]?.id ?? '' });
    else if (next === 'tag') setSource({ tag: '' });
    else if (next === 'products') setSource({ products: [] });
    else setSource(next);
  }
  return (
    <>
      <SelectField
        id={id('source')}
        label="Shows"
        options={RAIL_KINDS}
        value={kind}
        onChange={(e) => choose(e.target.value as RailKind)}
      />
      {typeof section.source === 'object' && 'category' in section.source ? (
        <SelectField
          id={id('category')}
          label="Category"
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
          value={section.source.category}
          onChange={(e) => setSource({ category: e.target.value })}
        />
      ) : null}
      {typeof section.source === 'object' && 'tag' in section.source ? (
        <TextField
          id={id('tag')}
          label="Tag"
          hint="Products carrying this tag (as written on the product)."
          value={section.source.tag}
          onChange={(e) => setSource({ tag: e.target.value })}
        />
      ) : null}
      {kind === 'products' ? (
        <TextField
          id={id('products')}
          label="Products (their addresses, separated by commas)"
          hint="The last part of a product page's address, e.g. iphone-15-pro. At most 12."
          value={draft.productsText}
          onChange={(e) => onChange({ ...draft, productsText: e.target.value })}
        />
      ) : null}
    </>
  );
}
