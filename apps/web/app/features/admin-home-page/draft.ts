import {
  type HomePage,
  type HomePageInput,
  type HomeSection,
  homeSection,
  isHomeLink,
  RAIL_LIMIT,
  type ResolvedSection,
  type SectionType,
} from '@shop/contracts/home-page';
import { richTextToText, textToRichText } from '@shop/contracts/rich-text';
import { toCard } from '../catalog/index.ts';
import type { HomeViewSection } from '../home/index.ts';
import type { PreviewAnswer } from './api/home-page.ts';

/**
 * The editor's model of admin Home page (docs/adr/043-home-page-sections.md): the sections being
 * edited, each with a key of its own (the list reorders) and, for a rail of chosen products, the text
 * the owner types (slugs separated by commas, kept as typed until it is sent).
 */
export interface DraftSection {
  key: number;
  section: HomeSection;
  productsText: string;
}

export const SECTION_LABELS: Record<SectionType, string> = {
  hero: 'Hero',
  category_tiles: 'Category tiles',
  featured: 'Featured collections',
  product_rail: 'Product rail',
  banner: 'Banner',
  rich_text: 'Text',
};

export type RailKind = 'new' | 'best_sellers' | 'on_sale' | 'category' | 'tag' | 'products';
export const RAIL_KINDS: readonly { value: RailKind; label: string }[] = [
  { value: 'new', label: 'New arrivals' },
  { value: 'best_sellers', label: 'Best sellers' },
  { value: 'on_sale', label: 'On sale' },
  { value: 'category', label: 'A category' },
  { value: 'tag', label: 'A tag' },
  { value: 'products', label: 'Chosen products' },
];

let nextKey = 1;

/** The saved sections as drafts. */
export function toDrafts(sections: readonly HomeSection[]): DraftSection[] {
  return sections.map((section) => ({
    key: nextKey++,
    section,
    productsText:
      section.type === 'product_rail' && typeof section.source === 'object' && 'products' in section.source
        ? section.source.products.join(', ')
        : '',
  }));
}

/** A new section of `type`, filled so that it shows something at once. */
export function newDraft(type: SectionType): DraftSection {
  const section: HomeSection = (() => {
    switch (type) {
      case 'hero':
        return { type, title: 'Welcome', text: '', image: null, buttons: [] };
      case 'category_tiles':
        return { type, title: 'Shop by category' };
      case 'featured':
        return { type, title: 'Featured' };
      case 'product_rail':
        return { type, title: 'New arrivals', source: 'new', limit: RAIL_LIMIT.default };
      case 'banner':
        return { type, title: 'Banner', text: '', href: null, image: null };
      case 'rich_text':
        return { type, text: '<p>Write a few words here.</p>' };
    }
  })();
  return { key: nextKey++, section, productsText: '' };
}

export function railKind(source: Extract<HomeSection, { type: 'product_rail' }>['source']): RailKind {
  if (typeof source === 'string') return source;
  if ('category' in source) return 'category';
  if ('tag' in source) return 'tag';
  return 'products';
}

const slugsOf = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** A draft as the API takes it. */
export function toSection(draft: DraftSection): HomeSection {
  const { section } = draft;
  if (section.type === 'product_rail' && railKind(section.source) === 'products') {
    return { ...section, source: { products: slugsOf(draft.productsText) } };
  }
  return section;
}

export const toBody = (drafts: readonly DraftSection[]): HomePageInput => ({ sections: drafts.map(toSection) });

/** `items` with the one at `index` swapped with its neighbour (`by` -1 up, +1 down). */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...items];
  const a = next[index];
  const b = next[index + by];
  if (a === undefined || b === undefined) return next;
  next[index] = b;
  next[index + by] = a;
  return next;
}

/**
 * What the API looks up for a section (its categories or products, or what a rich text keeps once
 * sanitized): the same for the same key.
 */
export function lookupKey(section: HomeSection): string | null {
  if (section.type === 'category_tiles' || section.type === 'featured') return section.type;
  if (section.type === 'product_rail') return JSON.stringify([section.source, section.limit]);
  if (section.type === 'rich_text') return JSON.stringify(['rich_text', section.text]);
  return null;
}

/**
 * The body of the preview request: only the sections whose content the API looks up, each once and
 * without its words (typing a title asks nothing of the server) — but a rich text, which the server's
 * sanitizer draws. Sections not valid yet are left out.
 */
export function lookupBody(drafts: readonly DraftSection[]): HomePage | null {
  const seen = new Map<string, HomeSection>();
  for (const draft of drafts) {
    const parsed = homeSection.safeParse(toSection(draft));
    if (!parsed.success) continue;
    const key = lookupKey(parsed.data);
    if (key === null || seen.has(key)) continue;
    seen.set(key, parsed.data.type === 'rich_text' ? parsed.data : { ...parsed.data, title: '·' });
  }
  return seen.size === 0 ? null : { sections: [...seen.values()] };
}

/** The preview's answers by the lookup key of the section each answers (the answer is in the same order). */
export function lookupsOf(answer: PreviewAnswer | undefined): Map<string, ResolvedSection> {
  const map = new Map<string, ResolvedSection>();
  answer?.sections.forEach((section, i) => {
    const asked = answer.asked.sections[i];
    const key = asked ? lookupKey(asked) : null;
    if (key !== null) map.set(key, section);
  });
  return map;
}

const safeLink = (href: string) => (isHomeLink(href) ? href : '#');
const safePicture = (src: string | null) => (src && /^\/media\/[A-Za-z0-9._~\-/]+$/.test(src) ? src : null);

/**
 * What the live preview draws: the drafts' own words at once, and the categories and products the
 * last preview answer found for each section (none until it arrives). Links and pictures not valid
 * yet are drawn inert.
 */
export function previewView(drafts: readonly DraftSection[], lookups: Map<string, ResolvedSection>): HomeViewSection[] {
  return drafts.map((draft) => {
    const section = toSection(draft);
    const found = lookups.get(lookupKey(section) ?? '');
    switch (section.type) {
      case 'hero':
        return {
          ...section,
          image: safePicture(section.image),
          buttons: section.buttons.map((b) => ({ ...b, href: safeLink(b.href) })),
        };
      case 'banner':
        return { ...section, image: safePicture(section.image), href: section.href ? safeLink(section.href) : null };
      case 'category_tiles':
        return { ...section, categories: found?.type === 'category_tiles' ? found.categories : [] };
      case 'featured':
        return { ...section, items: found?.type === 'featured' ? found.items : [] };
      case 'product_rail':
        return {
          ...section,
          more: found?.type === 'product_rail' ? found.more : null,
          products: found?.type === 'product_rail' ? found.products.map(toCard) : [],
        };
      case 'rich_text':
        // The server's sanitizer says what is drawn; until it has answered for these words, their text.
        return found?.type === 'rich_text' ? found : { ...section, text: textToRichText(richTextToText(section.text)) };
      default:
        return section;
    }
  });
}
