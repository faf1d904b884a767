import { z } from 'zod';
import { mediaPath } from './admin-catalog.ts';
import { featuredCard, product } from './catalog.ts';
import { richText } from './rich-text-field.ts';
import { stopAt } from './text.ts';

/**
 * The home page as an ordered list of sections the owner edits in admin Home page
 * (docs/adr/043-home-page-sections.md). What is stored is the owner's words and choices; which products
 * a rail shows is looked up when the page is rendered (`resolvedHomePage`).
 */

export const MAX_SECTIONS = 20;
export const MAX_PICKED_PRODUCTS = 12;
export const RAIL_LIMIT = { min: 4, max: 12, default: 8 } as const;
export const SECTION_TYPES = ['hero', 'category_tiles', 'featured', 'product_rail', 'banner', 'rich_text'] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

/**
 * Where a button or banner may lead: a path of this shop (`/products?tag=red`, not the protocol-relative
 * `//host`) or an http(s) address. No spaces or backslashes (browsers read `/\host` as another host).
 * One anchored pattern without nested repetition: linear in the length, which is checked first.
 */
export function isHomeLink(value: string): boolean {
  if (/[\s\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  return /^https?:\/\/[^/?#@:]+(?::\d{1,5})?(?:[/?#]|$)/i.test(value);
}

const text = (name: string, max: number, required: boolean) => {
  const base = z
    .string({ error: `${name} must be text` })
    .max(max * 2, stopAt(`${name} must be at most ${max} characters`))
    .trim()
    .max(max, `${name} must be at most ${max} characters`);
  return required ? base.min(1, `${name} is required`) : base;
};

const link = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(300, stopAt(`${name} must be at most 300 characters`))
    .refine(isHomeLink, `${name} must be a path of this shop (starting with /) or an http(s):// address`);

const picture = mediaPath('the picture must be one uploaded to the shop (a /media/… address)').nullable().default(null);

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .max(200, stopAt(`${name} must be at most 200 characters`))
    .regex(SLUG, `${name} may contain only lowercase letters, digits and dashes`);

export const heroSection = z.strictObject({
  type: z.literal('hero'),
  title: text('The hero title', 120, true),
  text: text('The hero text', 300, false).default(''),
  image: picture,
  buttons: z
    .array(z.strictObject({ label: text('A button label', 40, true), href: link('A button link') }))
    .max(2, 'A hero has at most 2 buttons')
    .default([]),
});

export const categoryTilesSection = z.strictObject({
  type: z.literal('category_tiles'),
  title: text('The tiles title', 120, true),
});

/** One featured collection of each category (the menu panels' cards), as the demo's home shows. */
export const featuredSection = z.strictObject({
  type: z.literal('featured'),
  title: text('The featured title', 120, true),
});

export const railSource = z.union(
  [
    z.enum(['new', 'best_sellers', 'on_sale']),
    z.strictObject({ category: slug('The rail category') }),
    z.strictObject({ tag: text('The rail tag', 100, true) }),
    z.strictObject({
      products: z
        .array(slug('A product'))
        .min(1, 'Choose at least one product')
        .max(MAX_PICKED_PRODUCTS, `A rail has at most ${MAX_PICKED_PRODUCTS} chosen products`),
    }),
  ],
  { error: 'The rail shows new, best_sellers, on_sale, a {category}, a {tag} or chosen {products}' },
);
export type RailSource = z.infer<typeof railSource>;

export const productRailSection = z.strictObject({
  type: z.literal('product_rail'),
  title: text('The rail title', 120, true),
  source: railSource,
  limit: z
    .number({ error: 'The rail size must be a number' })
    .int('The rail size must be a whole number')
    .min(RAIL_LIMIT.min, `A rail shows at least ${RAIL_LIMIT.min} products`)
    .max(RAIL_LIMIT.max, `A rail shows at most ${RAIL_LIMIT.max} products`)
    .default(RAIL_LIMIT.default),
});

export const bannerSection = z.strictObject({
  type: z.literal('banner'),
  title: text('The banner title', 120, true),
  text: text('The banner text', 300, false).default(''),
  href: link('The banner link').nullable().default(null),
  image: picture,
});

/**
 * Rich text, as a product's description: HTML the server sanitizes on save and on preview
 * (docs/adr/044-rich-text.md); text without a `<` is taken as paragraphs separated by blank lines.
 */
export const richTextSection = z.strictObject({
  type: z.literal('rich_text'),
  text: richText('The text').min(1, 'The text is required'),
});

export const homeSection = z.discriminatedUnion(
  'type',
  [heroSection, categoryTilesSection, featuredSection, productRailSection, bannerSection, richTextSection],
  { error: `A section's type must be one of ${SECTION_TYPES.join(', ')}` },
);
export type HomeSection = z.infer<typeof homeSection>;
export type HomeSectionInput = z.input<typeof homeSection>;

/** PUT /api/admin/home-page and POST /api/admin/home-page/preview: the whole list, in order. */
export const homePage = z.strictObject({
  sections: z
    .array(homeSection, { error: 'sections must be a list' })
    .max(MAX_SECTIONS, `A home page has at most ${MAX_SECTIONS} sections`),
});
export type HomePage = z.infer<typeof homePage>;
export type HomePageInput = z.input<typeof homePage>;

/** The saved list as staff read it back. */
export const adminHomePage = z.object({
  sections: z.array(homeSection),
  updated_at: z.string().nullable(),
});
export type AdminHomePage = z.infer<typeof adminHomePage>;

const tile = z.object({ id: z.string(), name: z.string(), count: z.number().int() });

/** A section as the page shows it: the rails' products and the shop's categories looked up. */
export const resolvedSection = z.discriminatedUnion('type', [
  heroSection,
  categoryTilesSection.extend({ categories: z.array(tile) }),
  featuredSection.extend({ items: z.array(featuredCard) }),
  productRailSection.extend({
    /** "View all": the listing of the same products, when there is one. */
    more: z.string().nullable(),
    products: z.array(product),
  }),
  bannerSection,
  richTextSection,
]);
export type ResolvedSection = z.infer<typeof resolvedSection>;
export const resolvedHomePage = z.object({ sections: z.array(resolvedSection) });
export type ResolvedHomePage = z.infer<typeof resolvedHomePage>;

/**
 * A shop's home until its owner saves one (`SEED=none`, or a database from before home sections): its
 * name as it is now, a way into the catalogue, and its newest products — a rail that shows nothing while
 * there are none.
 */
export function neutralHomeSections(storeName: string): HomeSection[] {
  return [
    {
      type: 'hero',
      title: storeName,
      text: 'Picked with care and delivered to your door.',
      image: null,
      buttons: [{ label: 'Shop all products', href: '/products' }],
    },
    { type: 'product_rail', title: 'New arrivals', source: 'new', limit: RAIL_LIMIT.default },
  ];
}
