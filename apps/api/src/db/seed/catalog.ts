import { foldToAscii } from '@shop/contracts/admin-catalog';
import { discountedCents } from '@shop/contracts/money';
import { combinations, defaultSku, optionsFromLists, type ProductOption, splitEvenly } from '@shop/contracts/variants';
import { textToRichText } from '../../lib/rich-text.ts';
import type { Tx } from '../client.ts';
import { brands, categories, featuredCards, products, productVariants, subcategories } from '../schema.ts';
import {
  BRANDS,
  CATEGORIES,
  FEATURED_RULES,
  type NounSpec,
  type Series,
  type SizeKind,
  type SubcategorySpec,
  type TagInput,
  TITLE_WORDS,
} from './catalog-data.ts';

/** Fixed PRNG seed and base date: the demo catalogue is the same on every run and every machine. */
export const CATALOG_SEED = 20_240_615;
/** Dates are spread over the year before this instant (never the wall clock). */
export const CATALOG_BASE_DATE = new Date('2026-11-01T00:00:00.000Z');

const DAY_MS = 24 * 60 * 60 * 1000;
const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const SHOE_SIZES = ['6', '7', '8', '9', '10', '11', '12', '13'];
const DISCOUNTS = [5, 10, 15, 20, 25, 30, 40, 50];
const IMAGES_PER_PRODUCT = 3;

export interface SeedCategory {
  id: string;
  name: string;
  icon: string;
  position: number;
  aliases: string[];
  offerTitle: string;
  offerText: string;
  badge: string;
}
export interface SeedSubcategory {
  categoryId: string;
  name: string;
  slug: string;
  icon: string;
  position: number;
}
export interface SeedFeaturedCard {
  categoryId: string;
  name: string;
  slug: string;
  image: string;
  position: number;
}
export interface SeedProduct {
  id: string;
  slug: string;
  name: string;
  /** Rich text: the sentences as one paragraph. */
  description: string;
  categoryId: string;
  /** Slug of the subcategory within `categoryId`; resolved to its id at insert time. */
  subcategorySlug: string;
  brandId: string;
  regularPriceCents: number;
  salePriceCents: number;
  percentageDiscount: number;
  images: string[];
  colors: string[];
  availableSizes: string[];
  features: string[];
  featured: string[];
  available: number;
  published: boolean;
  soldCount: number;
  dateAdded: Date;
  modifiedBy: string | null;
  modifiedDate: Date;
  /**
   * An option whose values have their own price, stock and sales (a phone's Storage), after the
   * colours: its variants' figures. `regularPriceCents`, `available` and `soldCount` above are the first
   * value's price and the sums.
   */
  pricedOption?: { name: string; values: PricedValue[] };
}
export interface PricedValue {
  value: string;
  regularPriceCents: number;
  available: number;
  soldCount: number;
}
export interface CatalogSeed {
  categories: SeedCategory[];
  subcategories: SeedSubcategory[];
  featuredCards: SeedFeaturedCard[];
  brands: { id: string; name: string; slug: string }[];
  products: SeedProduct[];
}

/** mulberry32: tiny, fast and good enough for demo data; the same seed gives the same stream. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  /** k distinct items in a random order. */
  const sample = <T>(items: readonly T[], k: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, Math.min(k, copy.length));
  };
  const chance = (p: number) => next() < p;
  /** A random-looking but reproducible UUID (version 4 layout). */
  const uuid = () => {
    const bytes = Array.from({ length: 16 }, () => Math.floor(next() * 256));
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
    const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  return { next, int, pick, sample, chance, uuid };
}
type Rng = ReturnType<typeof createRng>;

/** URL-safe slug: ASCII letters and digits joined by single dashes ('Poäng' → 'poang'). */
export function slugify(text: string): string {
  return foldToAscii(text)
    .replace(/['’"]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const productImageUrl = (slug: string, n: number) => `/media/products/${slug}/${n}.svg`;
export const featuredImageUrl = (slug: string) => `/media/featured/${encodeURIComponent(slug)}.svg`;

function nounOf(entry: string | NounSpec): NounSpec {
  return typeof entry === 'string' ? { noun: entry } : entry;
}

function seriesOf(series: Series | undefined, brandId: string): string[] {
  if (!series) return ['Classic'];
  return Array.isArray(series) ? series : (series[brandId] ?? []);
}

/**
 * The model line a name belongs to ('iPhone 15 Pro Max' → 'iPhone 15', 'Galaxy S24+' → 'Galaxy S24'):
 * every model and variant of a line shares one discount, so a "Pro" never sells for less than its base.
 */
const VARIANT_WORDS = new Set(['Pro', 'Max', 'Ultra', 'Plus', 'Classic', 'FE']);

export function modelLine(model: string): string {
  // Word by word rather than one pattern: the source scan (linear-validation.test.ts) allows no regex
  // that backtracks over a run of spaces.
  return model
    .replaceAll('+', '')
    .split(' ')
    .filter((word) => word !== '' && !VARIANT_WORDS.has(word))
    .join(' ');
}

/** 'Jeans', 'Running Shoes', 'Swimming Goggles' are plural; 'Dutch Oven' and 'Dry Bag' are not. */
const isPlural = (noun: string) => /[^s]s$|sses$/.test(noun);

/**
 * Puts the noun into a sentence with the right article: 'A {noun} that…' gives 'An analog watch
 * that…', and with a plural noun 'Running shoes made for…' or 'Match-ready shin guards trusted by…'.
 */
export function withNoun(sentence: string, noun: string): string {
  return sentence
    .replace(/^An? ([^.{]*)\{noun\}/, (_, between: string) => {
      const phrase = `${between}${noun}`;
      if (isPlural(noun)) return phrase.charAt(0).toUpperCase() + phrase.slice(1);
      return `${/^[aeiou]/i.test(phrase) ? 'An' : 'A'} ${phrase}`;
    })
    .replaceAll('{noun}', noun);
}

/** One product the pools allow, before the random parts (price within a band, stock, dates…). */
interface Candidate {
  brandId: string;
  noun: NounSpec;
  name: string;
  /** A fixed regular price (models) or a band to draw from, in whole currency units. */
  price: number | [number, number];
  /** Products of one line share their discount (see `modelLine`). */
  line?: string;
  /** A model's variant ('256GB'), and the model's name without it (subcategories with variants). */
  variant?: { label: string; modelName: string };
}

/** Every distinct brand + model/series + noun the subcategory's pools allow (titles aside). */
export function candidatesOf(sub: SubcategorySpec): Candidate[] {
  const nouns = sub.nouns.map(nounOf);
  const out: Candidate[] = [];
  if (sub.models) {
    for (const brandId of sub.brands) {
      for (const model of sub.models[brandId] ?? []) {
        const noun = nouns.find((n) => n.noun === model.noun) ?? nouns[0];
        if (!noun) throw new Error(`${sub.name}: no noun for ${model.name}`);
        for (const [label, extra] of sub.variants ?? [['', 0]]) {
          const name = [BRANDS[brandId], model.name, label, model.noun].filter(Boolean).join(' ');
          const modelName = [BRANDS[brandId], model.name, model.noun].filter(Boolean).join(' ');
          out.push({
            brandId,
            noun,
            name,
            price: model.price + extra,
            line: `${brandId}/${modelLine(model.name)}`,
            variant: { label, modelName },
          });
        }
      }
    }
    return out;
  }
  for (const noun of nouns) {
    for (const brandId of noun.brands ?? sub.brands) {
      for (const series of seriesOf(noun.series ?? sub.series, brandId)) {
        out.push({ brandId, noun, name: `${BRANDS[brandId]} ${series} ${noun.noun}`, price: noun.price ?? sub.price });
      }
    }
  }
  return out;
}

function title(rng: Rng, kind: NonNullable<SubcategorySpec['titles']>, noun: string): string {
  const w = TITLE_WORDS;
  const book = () =>
    rng.pick([
      () => `The ${rng.pick(w.adjectives)} ${rng.pick(w.nouns)}`,
      () => `${rng.pick(w.nouns)} of ${rng.pick(w.places)}`,
      () => {
        const noun = rng.pick(w.nouns);
        return `${/^[AEIOU]/.test(noun) ? 'An' : 'A'} ${noun} in ${rng.pick(w.places)}`;
      },
      () => `The ${rng.pick(w.nouns)} Keeper's ${rng.pick(w.nouns)}`,
    ])();
  switch (kind) {
    case 'book':
      return book();
    case 'nonfiction':
      return rng.pick([
        () => `The Art of ${rng.pick(w.gerunds)}`,
        () => `${rng.int(5, 21)} Lessons on ${rng.pick(w.topics)}`,
        () => `A Short History of ${rng.pick(w.topics)}`,
        () => `${rng.pick(w.gerunds)} About ${rng.pick(w.topics)}`,
      ])();
    case 'children':
      return rng.pick([
        () => `The ${rng.pick(w.adjectives)} ${rng.pick(w.animals)}`,
        () => `${rng.pick(w.animals)} and the ${rng.pick(w.adjectives)} ${rng.pick(w.nouns)}`,
        () => `Where the ${rng.pick(w.animals)}s Sleep`,
      ])();
    case 'album':
      return `The ${rng.pick(w.adjectives)} ${rng.pick(w.bands)} – ${rng.pick(w.adjectives)} ${rng.pick(w.nouns)} (${noun})`;
    case 'movie':
      return `${book()} (${noun})`;
    case 'audiobook':
      return `${book()} (${noun})`;
  }
}

/** Titled products (books, music, films): a drawn title, a publisher or label, the format's band. */
function titledCandidate(rng: Rng, sub: SubcategorySpec, names: Set<string>): Candidate {
  const kind = sub.titles as NonNullable<SubcategorySpec['titles']>;
  let candidate: Candidate | null = null;
  for (let attempt = 0; attempt < 30 && (candidate === null || names.has(candidate.name)); attempt++) {
    const noun = nounOf(rng.pick(sub.nouns));
    const brandId = rng.pick(noun.brands ?? sub.brands);
    candidate = { brandId, noun, name: title(rng, kind, noun.noun), price: noun.price ?? sub.price };
  }
  if (!candidate) throw new Error(`${sub.name}: no title`);
  const base = candidate.name;
  for (let n = 2; names.has(candidate.name); n++) candidate.name = `${base}, Vol. ${n}`;
  return candidate;
}

function sizesFor(rng: Rng, kind: SizeKind): string[] {
  switch (kind) {
    case 'clothing': {
      const from = rng.int(0, 2);
      return CLOTHING_SIZES.slice(from, rng.int(from + 3, CLOTHING_SIZES.length));
    }
    case 'shoes': {
      const from = rng.int(0, 2);
      return SHOE_SIZES.slice(from, rng.int(from + 4, SHOE_SIZES.length));
    }
    case 'one-size':
      return ['One Size'];
    case 'none':
      return [];
  }
}

/** A regular price in cents: a model's own price, or a shop-like price (…,99) inside the band. */
function regularCents(rng: Rng, price: Candidate['price']): number {
  if (typeof price === 'number') return price * 100;
  const [min, max] = price;
  return rng.int(min, Math.max(min, max - 1)) * 100 + rng.pick([99, 99, 99, 49, 0]);
}

/**
 * The whole demo catalogue as plain rows. Pure and deterministic: the same `seed` yields identical
 * output (the seed test runs it twice), so demos, e2e tests and benchmarks see the same shop.
 * Ratings are not drawn here: every rating in the demo is a written review (seed/reviews.ts).
 */
export function generateCatalog(seed = CATALOG_SEED, base = CATALOG_BASE_DATE): CatalogSeed {
  const rng = createRng(seed);
  const out: CatalogSeed = {
    categories: [],
    subcategories: [],
    featuredCards: [],
    brands: Object.entries(BRANDS).map(([id, name]) => ({ id, name, slug: id })),
    products: [],
  };
  const names = new Set<string>();
  const slugs = new Set<string>();
  const lineDiscounts = new Map<string, number>();
  const drawDiscount = () => (rng.chance(0.45) ? rng.pick(DISCOUNTS) : 0);

  CATEGORIES.forEach((cat, catPos) => {
    out.categories.push({
      id: cat.id,
      name: cat.name,
      icon: cat.icon,
      position: catPos,
      aliases: cat.aliases ?? [],
      // The demo's menu panel: its offer box and badge (an owner's shop writes its own, or none).
      offerTitle: 'Special Offers',
      offerText: `Up to 50% off on ${cat.name} - Limited time!`,
      badge: 'Trending Now',
    });
    cat.featured.forEach((name, position) => {
      const slug = name.toLowerCase();
      out.featuredCards.push({ categoryId: cat.id, name, slug, image: featuredImageUrl(slug), position });
    });

    cat.subcategories.forEach((sub, subPos) => {
      const subSlug = sub.name.toLowerCase(); // docs/product.md §2: subcategory links carry the lowercased name
      out.subcategories.push({ categoryId: cat.id, name: sub.name, slug: subSlug, icon: sub.icon, position: subPos });

      // Without titles, the products are a random choice among every combination the pools allow.
      const pool = sub.titles ? [] : rng.sample(candidatesOf(sub), Number.MAX_SAFE_INTEGER);
      const drawn: Drawn[] = [];
      for (let i = 0; i < sub.count; i++) {
        let candidate: Candidate | undefined;
        if (sub.titles) candidate = titledCandidate(rng, sub, names);
        else {
          while (pool.length > 0 && (candidate === undefined || names.has(candidate.name))) candidate = pool.shift();
          if (candidate === undefined || names.has(candidate.name)) {
            throw new Error(`${sub.name}: the pools allow fewer than ${sub.count} distinct products`);
          }
        }
        const { brandId, noun, name } = candidate;
        names.add(name);

        let slug = slugify(name);
        for (let n = 2; slugs.has(slug); n++) slug = `${slugify(name)}-${n}`;
        slugs.add(slug);

        const regularPriceCents = regularCents(rng, candidate.price);
        let percentageDiscount: number;
        if (candidate.line) {
          percentageDiscount = lineDiscounts.get(candidate.line) ?? drawDiscount();
          lineDiscounts.set(candidate.line, percentageDiscount);
        } else percentageDiscount = drawDiscount();
        const featurePool = noun.features?.length ? noun.features : sub.features;
        const features = rng.sample(featurePool, rng.int(3, 5));
        const colorPool = noun.colors ?? sub.colors;
        const dateAdded = new Date(base.getTime() - Math.floor(rng.next() * 365 * DAY_MS));
        const modifiedDate = new Date(
          dateAdded.getTime() + Math.floor(rng.next() * (base.getTime() - dateAdded.getTime())),
        );
        const soldCount = Math.floor(rng.next() ** 2 * 5000);
        // docs/product.md §3 product: ~8% out of stock, a few low-stock items, most with 50+ units.
        const available = rng.chance(0.08) ? 0 : rng.chance(0.1) ? rng.int(1, 49) : rng.int(50, 500);
        const published = !rng.chance(0.03);
        const author = `${rng.pick(TITLE_WORDS.firstNames)} ${rng.pick(TITLE_WORDS.lastNames)}`;
        // 'Vinyl LP', '4K UHD', 'Blu-ray' keep their spelling inside a sentence; 'Sofa' becomes 'sofa'.
        const nounText = /\b[A-Z0-9]{2,}\b|Blu-ray/.test(noun.noun) ? noun.noun : noun.noun.toLowerCase();
        const sentences = rng.sample(sub.blurbs, rng.int(2, 3)).map((b) => withNoun(b, nounText));
        const credit = sub.titles === 'movie' ? `Directed by ${author}.` : `By ${author}.`;
        const description = textToRichText(
          (sub.titles && sub.titles !== 'album' ? [credit, ...sentences] : sentences).join(' '),
        );

        const featured = featuredTags(noun, { name, categoryId: cat.id, features, soldCount, dateAdded }, base);

        drawn.push({
          candidate,
          product: {
            id: rng.uuid(),
            slug,
            name,
            description,
            categoryId: cat.id,
            subcategorySlug: subSlug,
            brandId,
            regularPriceCents,
            salePriceCents: discountedCents(regularPriceCents, percentageDiscount),
            percentageDiscount,
            images: Array.from({ length: IMAGES_PER_PRODUCT }, (_, n) => productImageUrl(slug, n + 1)),
            colors: colorPool.length > 0 ? rng.sample(colorPool, rng.int(1, 4)) : [],
            availableSizes: sizesFor(rng, noun.sizes ?? sub.sizes ?? 'none'),
            features,
            featured,
            available,
            published,
            soldCount,
            dateAdded,
            modifiedBy: null,
            modifiedDate,
          },
        });
      }
      // Drawn as before (the same random stream, so the rest of the catalogue stays as it was), then
      // merged per model where the variants are an option.
      const made = sub.option ? byModel(drawn, sub, slugs, names, base) : drawn.map((d) => d.product);
      out.products.push(...made);
    });
  });
  return out;
}

interface Drawn {
  candidate: Candidate;
  product: SeedProduct;
}

function featuredTags(noun: NounSpec, input: TagInput, base: Date): string[] {
  const featured = new Set(noun.tags ?? []);
  for (const [tag, rule] of Object.entries(FEATURED_RULES)) if (rule(input, base)) featured.add(tag);
  return [...featured].sort();
}

/**
 * One product per model of a subcategory whose variants are an option: 'Apple iPhone 15
 * Smartphone' with Storage 128GB / 256GB / 512GB, each at the model's price plus the variant's extra.
 * The model's first drawn product gives the rest (id, colours, text, dates); every variant of the
 * subcategory is offered, with the stock and sales of the product drawn for it, none where none was
 * (a configuration sold out: the product page marks it).
 */
function byModel(
  drawn: Drawn[],
  sub: SubcategorySpec,
  slugs: Set<string>,
  names: Set<string>,
  base: Date,
): SeedProduct[] {
  const groups = new Map<string, Drawn[]>();
  for (const d of drawn) {
    const key = d.candidate.variant?.modelName ?? d.candidate.name;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  const ladder = sub.variants ?? [];
  return [...groups.entries()].map(([modelName, members]) => {
    const host = members[0] as Drawn;
    for (const m of members) {
      slugs.delete(m.product.slug);
      names.delete(m.product.name);
    }
    let slug = slugify(modelName);
    for (let n = 2; slugs.has(slug); n++) slug = `${slugify(modelName)}-${n}`;
    slugs.add(slug);
    names.add(modelName);
    const modelPrice = host.product.regularPriceCents - extraOf(ladder, host.candidate) * 100;
    const values: PricedValue[] = ladder.map(([label, extra]) => {
      const drawnFor = members.find((m) => m.candidate.variant?.label === label)?.product;
      return {
        value: label,
        regularPriceCents: modelPrice + extra * 100,
        available: drawnFor?.available ?? 0,
        soldCount: drawnFor?.soldCount ?? 0,
      };
    });
    const p = host.product;
    const regularPriceCents = values[0]?.regularPriceCents ?? p.regularPriceCents;
    const soldCount = values.reduce((n, v) => n + v.soldCount, 0);
    const input = {
      name: modelName,
      categoryId: p.categoryId,
      features: p.features,
      soldCount,
      dateAdded: p.dateAdded,
    };
    return {
      ...p,
      slug,
      name: modelName,
      regularPriceCents,
      salePriceCents: discountedCents(regularPriceCents, p.percentageDiscount),
      images: Array.from({ length: IMAGES_PER_PRODUCT }, (_, n) => productImageUrl(slug, n + 1)),
      featured: featuredTags(host.candidate.noun, input, base),
      available: values.reduce((n, v) => n + v.available, 0),
      soldCount,
      pricedOption: { name: sub.option as string, values },
    };
  });
}

/** What a drawn model variant adds to the model's price, in whole currency units. */
function extraOf(ladder: [string, number][], candidate: Candidate): number {
  return ladder.find(([label]) => label === candidate.variant?.label)?.[1] ?? 0;
}

/** Rows per INSERT: products have ~22 columns, PostgreSQL allows 65,535 parameters per statement. */
const BATCH = 500;

/** A demo product's options: its colours and sizes (the documented lists), then its priced option. */
export function demoOptions(p: Pick<SeedProduct, 'colors' | 'availableSizes' | 'pricedOption'>): ProductOption[] {
  const priced = p.pricedOption
    ? [{ name: p.pricedOption.name, values: p.pricedOption.values.map((v) => v.value) }]
    : [];
  return [...optionsFromLists(p.colors, p.availableSizes), ...priced];
}

type VariantFigures = Pick<SeedProduct, 'available' | 'soldCount' | 'regularPriceCents'>;

/**
 * A demo product's variants (ADR 023): one per combination of its options. Stock and sales are split
 * evenly, as migration 0001 splits a product of the previous release — per value of the priced option
 * when there is one, which also sets the variant's price (none: the product's).
 */
export function demoVariants(
  p: Pick<
    SeedProduct,
    | 'id'
    | 'slug'
    | 'colors'
    | 'availableSizes'
    | 'available'
    | 'soldCount'
    | 'pricedOption'
    | 'regularPriceCents'
    | 'percentageDiscount'
  >,
) {
  const options = demoOptions(p);
  const combos = combinations(options);
  const pricedAt = p.pricedOption ? options.length - 1 : -1;
  // The combinations of each priced value (all of them without one), in order.
  const groups = new Map<string | null, number[]>();
  combos.forEach((values, position) => {
    const key = pricedAt < 0 ? null : (values[pricedAt] ?? null);
    groups.set(key, [...(groups.get(key) ?? []), position]);
  });
  const figures = (key: string | null): VariantFigures => p.pricedOption?.values.find((v) => v.value === key) ?? p;
  const stock: number[] = [];
  const sold: number[] = [];
  for (const [key, positions] of groups) {
    const f = figures(key);
    const s = splitEvenly(f.available, positions.length);
    const n = splitEvenly(f.soldCount, positions.length);
    positions.forEach((at, k) => {
      stock[at] = s[k] as number;
      sold[at] = n[k] as number;
    });
  }
  return combos.map((values, position) => {
    const regular = figures(pricedAt < 0 ? null : (values[pricedAt] ?? null)).regularPriceCents;
    const own = regular !== p.regularPriceCents;
    return {
      productId: p.id,
      sku: combos.length === 1 ? p.slug : defaultSku(p.slug, values),
      option1: values[0],
      option2: values[1],
      option3: values[2],
      priceCents: own ? discountedCents(regular, p.percentageDiscount) : null,
      compareAtCents: own ? regular : null,
      available: stock[position] as number,
      soldCount: sold[position] as number,
      position,
    };
  });
}

/**
 * The demo catalogue: the documented five categories and ~1,100 deterministic products.
 * Called once, inside the seed transaction, on an empty database (seed/index.ts).
 */
export async function seedCatalog(tx: Tx): Promise<void> {
  const data = generateCatalog();
  await tx.insert(categories).values(data.categories);
  await tx.insert(brands).values(data.brands);
  const subs = await tx
    .insert(subcategories)
    .values(data.subcategories)
    .returning({ id: subcategories.id, categoryId: subcategories.categoryId, slug: subcategories.slug });
  const subId = new Map(subs.map((s) => [`${s.categoryId}/${s.slug}`, s.id]));
  await tx.insert(featuredCards).values(data.featuredCards);

  for (let i = 0; i < data.products.length; i += BATCH) {
    await tx.insert(products).values(
      data.products.slice(i, i + BATCH).map((product) => {
        const { subcategorySlug, pricedOption: _variantsBelow, ...p } = product;
        const subcategoryId = subId.get(`${p.categoryId}/${subcategorySlug}`);
        if (subcategoryId === undefined) throw new Error(`unknown subcategory ${p.categoryId}/${subcategorySlug}`);
        // No rating without its review: the figures start at zero and the demo reviews fill them in.
        // Stock and sales start at zero too: the variants' roll-up trigger adds theirs.
        const options = demoOptions(product);
        return { ...p, options, subcategoryId, available: 0, soldCount: 0 };
      }),
    );
  }
  const variants = data.products.flatMap(demoVariants);
  for (let i = 0; i < variants.length; i += BATCH * 2) {
    await tx.insert(productVariants).values(variants.slice(i, i + BATCH * 2));
  }
}
